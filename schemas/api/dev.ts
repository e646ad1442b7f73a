import { z } from 'zod';

/** dev/config: which development tools this server allows (the client asks before showing /dev/flows). */
export const ZDevConfigRequest = z.object({}).passthrough();
export const ZDevConfigResponse = z.object({ flows: z.boolean() });
export type TDevConfig = z.infer<typeof ZDevConfigResponse>;
