import { z } from 'zod';

/** Who may make a call: 'required' answers "401" without a live session, 'optional' serves anyone. */
export type AuthMode = 'required' | 'optional';

/**
 * One POST call of the API (architecture.md "The API contract"): the spec's path relative to the API base, the
 * request body's schema and the schema of the envelope's `data`. Imported by the server (defineCall checks the
 * handler's answer against `response` at compile time), the client (`call(contract, body)` infers both types) and
 * the OpenAPI document (server/http/openapi.ts).
 */
export interface Contract<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType, P extends string = string> {
  /** Kept as its literal type, so the phone pages' table of paths (paths/, scripts/call-paths.ts) is checked against it. */
  path: P;
  request: Req;
  response: Res;
  auth: AuthMode;
  /** The resultMsg of a successful answer ('成功' when absent). */
  okMessage?: string;
  /** What the spec calls it, shown in the API reference. */
  summary?: string;
  /** A hand-written parse of `request` for its common shape (a hot call's): its output, or null to let Zod decide. */
  quick?: (body: unknown) => z.output<Req> | null;
  /** Registered by hand as multipart/form-data (the uploads): `request` then describes its form fields. */
  multipart?: boolean;
}

export const contract = <Req extends z.ZodType, Res extends z.ZodType, const P extends string>(c: Contract<Req, Res, P>): Contract<Req, Res, P> => c;

/** A GET route that answers a file (not the envelope), authorised by its query (e.g. a signed token). */
export interface FileRoute<Q extends z.ZodType = z.ZodType, P extends string = string> {
  path: P;
  query: Q;
  auth: AuthMode;
  summary?: string;
  /** What it answers when not a file download (the live feeds answer text/event-stream). */
  mediaType?: string;
}
export const fileRoute = <Q extends z.ZodType, const P extends string>(r: FileRoute<Q, P>): FileRoute<Q, P> => r;

/** The body a caller sends (defaults may be left out). */
export type TRequestOf<C extends Contract> = z.input<C['request']>;
/** The `data` a caller receives. */
export type TResponseOf<C extends Contract> = z.output<C['response']>;

/** Calls that answer no data. */
export const ZNull = z.null();
/** A body with no fields (unknown ones are ignored). */
export const ZNoFields = z.object({}).passthrough();
/** A page of rows. */
export const ZPageOf = <T extends z.ZodType>(row: T) => z.object({ list: z.array(row), total: z.number() });
