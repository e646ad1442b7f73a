import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from '../../schemas/envelope';
import { RESPONDENT_ORDER_NO, RESPONDENT_PAY_RESULT_PATH } from '../../schemas/order/pay-result-pages';
import { requestOrigin } from '../http/request-info';
import { openGraphOf, siteCard, withOpenGraph, type TOpenGraph } from '../services/share/open-graph.service';
import { publicPagesOf } from './site-files';
import { shortLinkTarget } from '../services/vote-page/short-link.service';

const CSP = [
  "default-src 'self'",
  // WeChat's JS-SDK (share cards, issue 47): the phone pages load it from WeChat's host, and only inside WeChat.
  "script-src 'self' https://res.wx.qq.com",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
].join('; ');

/**
 * Headers of every HTML page, whichever way it is reached (/index.html, /respond.html and /vote.html as static
 * files, the SPA fallback, /s/…, /v/…): the CSP keeps scripts and images to this site (a remote image in rich text is a tracking
 * beacon), the referrer of links leaving the site is only our origin, and nothing is sniffed into another type.
 */
export const HTML_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CSP,
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
};

/** An HTML page and the compressed copies the build made of it (scripts/precompress.ts). */
interface HtmlPage {
  plain: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

const readIfThere = (file: string) => (existsSync(file) ? readFile(file) : Promise.resolve(undefined));

async function loadHtml(file: string): Promise<HtmlPage> {
  const [plain, br, gzip] = await Promise.all([readFile(file), readIfThere(`${file}.br`), readIfThere(`${file}.gz`)]);
  return { plain, br, gzip };
}

/** The encodings a request accepts (q > 0), by the names of `Accept-Encoding`. */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name === '*' ? 'gzip' : name);
  }
  return accepted;
}

function sendHtml(reply: FastifyReply, page: HtmlPage, acceptEncoding: string | undefined) {
  const accepted = acceptedEncodings(acceptEncoding);
  const encoding = page.br && accepted.has('br') ? 'br' : page.gzip && accepted.has('gzip') ? 'gzip' : undefined;
  reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').headers(HTML_HEADERS).type('text/html; charset=utf-8');
  if (!encoding) return reply.send(page.plain);
  return reply.header('content-encoding', encoding).send(encoding === 'br' ? page.br : page.gzip);
}

/**
 * A page with its Open Graph card (issue 47 item 2, issue 48 item 6): the HTML differs per project or brand, so
 * it is compressed per request (a page of 1–2 KB, at a fast brotli level; bench/open-graph.ts) instead of from the
 * build's copies.
 */
function sendWithCard(request: FastifyRequest, reply: FastifyReply, page: HtmlPage, og: TOpenGraph) {
  const plain = Buffer.from(withOpenGraph(page.plain.toString('utf8'), og));
  const accepted = acceptedEncodings(request.headers['accept-encoding']);
  const card: HtmlPage = accepted.has('br')
    ? { plain, br: brotliCompressSync(plain, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) }
    : accepted.has('gzip')
      ? { plain, gzip: gzipSync(plain) }
      : { plain };
  return sendHtml(reply, card, request.headers['accept-encoding']);
}

/** A public page of a project (/s/…) or vote (/v/…) with its project's card. */
async function sendPageWithCard(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, page: HtmlPage) {
  const og = await openGraphOf(app.deps, { path: request.url.split('?')[0]!, origin: requestOrigin(request), host: request.headers.host });
  return sendWithCard(request, reply, page, og);
}

/** Serves the built client: hashed assets immutable, HTML no-cache, and the SPA fallback for app routes. */
export async function clientAppPlugin(app: FastifyInstance, clientDir: string | undefined): Promise<void> {
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : '';
  const hasClient = Boolean(clientDir && existsSync(indexFile));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir!,
      wildcard: false,
      index: false,
      // scripts/precompress.ts writes x.br / x.gz beside each text file at build time; the copy the request
      // accepts is sent (with Vary: accept-encoding), the plain file otherwise.
      preCompressed: true,
      setHeaders(res, sentPath) {
        const filePath = sentPath.replace(/\.(br|gz)$/, '');
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
        if (filePath.endsWith('.html')) res.headers(HTML_HEADERS);
      },
    });
  }
  // Short link (spec §2 /x/{id}): the same on every brand's host, to the voting page for a vote, else the respondent page.
  app.get<{ Params: { id: string } }>('/x/:id', async (request, reply) => {
    const { id } = request.params;
    if (!/^[\w-]{8,64}$/.test(id)) return reply.code(200).send(fail('404', '链接无效'));
    return reply.redirect(await shortLinkTarget(app.deps, id), 302);
  });
  // The respondent page is its own entry: no editor, charts or service worker code.
  const respondFile = clientDir ? path.join(clientDir, 'respond.html') : '';
  let respondHtml: HtmlPage | null = null;
  const respondPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!respondFile || !existsSync(respondFile)) return reply.code(200).send(fail('404', '答题页面尚未构建，请先运行 npm run build'));
    respondHtml ??= await loadHtml(respondFile);
    return request.url.startsWith('/s/')
      ? sendPageWithCard(app, request, reply, respondHtml)
      : sendHtml(reply, respondHtml, request.headers['accept-encoding']);
  };
  app.get('/s/*', respondPage);
  // An appointment's private booking page (src/respond/appointment/booking-page.tsx) is part of the respondent page.
  app.get('/appointment/booking/*', respondPage);
  // The voting page is its own entry too (vote.html, src/vote-page/): /v/{voteId}, and a vote's /x/ short link.
  const voteFile = clientDir ? path.join(clientDir, 'vote.html') : '';
  let voteHtml: HtmlPage | null = null;
  app.get('/v/*', async (request, reply) => {
    if (!voteFile || !existsSync(voteFile)) return reply.code(200).send(fail('404', '投票页面尚未构建，请先运行 npm run build'));
    voteHtml ??= await loadHtml(voteFile);
    return sendPageWithCard(app, request, reply, voteHtml);
  });
  let indexHtml: HtmlPage | null = null;
  // The site's own public pages carry their title and card on the brand of the host (issue 48 item 6), for search
  // engines and link previews that run no script.
  const publicPages = publicPagesOf(clientDir);
  const appPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0]!;
    if (url.startsWith('/api/') || url === '/api' || request.method !== 'GET' || !hasClient || (/\.[a-z0-9]{2,5}$/i.test(url) && !url.endsWith('.html'))) {
      return reply.code(200).send(fail('404', '请求的接口或资源不存在'));
    }
    indexHtml ??= await loadHtml(indexFile);
    // A plan's page is listed with its query (/programme/detail.html?id=…): the whole address first, then the path.
    const listed = publicPages.has(request.url) ? request.url : url;
    const card = publicPages.get(listed);
    if (card === undefined) return sendHtml(reply, indexHtml, request.headers['accept-encoding']);
    return sendWithCard(request, reply, indexHtml, siteCard({ path: listed, origin: requestOrigin(request), host: request.headers.host, ...card }));
  };
  // /wechatPay.html is the account purchase's WeChat result (logged-in). A respondent order's link to it (the
  // cashier's return before the respondent's result moved) goes on, with its query, to the public result page.
  app.get('/wechatPay.html', async (request, reply) => {
    const at = request.url.indexOf('?');
    const query = at < 0 ? '' : request.url.slice(at);
    const orderNo = new URLSearchParams(query).get('orderNo') ?? '';
    if (RESPONDENT_ORDER_NO.test(orderNo)) return reply.redirect(`${RESPONDENT_PAY_RESULT_PATH}${query}`, 302);
    return appPage(request, reply);
  });
  app.setNotFoundHandler(appPage);
}
