import { createDecipheriv, createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';

/**
 * WeChat Pay API v3 signatures (pay.weixin.qq.com/docs/merchant/development/interface-rules/signature-generation.html):
 * requests are signed with the merchant's API certificate key, answers and notifies with the platform key
 * (a platform certificate, or since 2024 the 微信支付公钥 whose id starts PUB_KEY_ID_).
 */

export const WECHATPAY_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';

/** 32 characters [0-9A-Za-z]: the nonce_str of requests and JSAPI launches. */
export const nonceStr = () =>
  randomBytes(24)
    .toString('base64')
    .replace(/[^0-9A-Za-z]/g, '')
    .padEnd(32, '0')
    .slice(0, 32);

export const rsaSign = (message: string, key: KeyObject) => createSign('RSA-SHA256').update(message, 'utf8').sign(key, 'base64');

export function rsaVerify(message: string, signature: string, key: KeyObject): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

export interface RequestSigner {
  mchid: string;
  serialNo: string;
  privateKey: KeyObject;
}

/** The Authorization header: signature over "METHOD\nURL\nTIMESTAMP\nNONCE\nBODY\n", URL being path + query. */
export function authorization(signer: RequestSigner, method: string, pathAndQuery: string, body: string, timestamp: number, nonce = nonceStr()): string {
  const signature = rsaSign(`${method}\n${pathAndQuery}\n${timestamp}\n${nonce}\n${body}\n`, signer.privateKey);
  return `${WECHATPAY_SCHEMA} mchid="${signer.mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${signer.serialNo}"`;
}

/** Answers and notifies: Wechatpay-Signature over "TIMESTAMP\nNONCE\nBODY\n" with the key Wechatpay-Serial names. */
export type SignedHeaders = { timestamp?: string; nonce?: string; signature?: string; serial?: string };
export type SignatureCheck = 'ok' | 'serial' | 'stale' | 'signature';

export function checkPlatformSignature(
  headers: SignedHeaders,
  body: string,
  platformKeys: ReadonlyMap<string, KeyObject>,
  nowSeconds: number,
  maxSkewSeconds = 300,
): SignatureCheck {
  const { timestamp, nonce, signature, serial } = headers;
  if (!timestamp || !nonce || !signature || !serial) return 'signature';
  const key = platformKeys.get(serial.toUpperCase()) ?? platformKeys.get(serial);
  if (!key) return 'serial';
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > maxSkewSeconds) return 'stale';
  return rsaVerify(`${timestamp}\n${nonce}\n${body}\n`, signature, key) ? 'ok' : 'signature';
}

export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  associated_data?: string;
  nonce: string;
}

/** AEAD_AES_256_GCM with the APIv3 key: ciphertext is base64(encrypted ‖ 16-byte tag). Undefined when it does not authenticate. */
export function decryptResource(resource: EncryptedResource, apiV3Key: string): string | undefined {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') return undefined;
  const data = Buffer.from(resource.ciphertext, 'base64');
  const key = Buffer.from(apiV3Key, 'utf8');
  if (data.length <= 16 || key.length !== 32 || !resource.nonce) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(resource.nonce, 'utf8'));
    decipher.setAuthTag(data.subarray(data.length - 16));
    decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/** wx.chooseWXPay / WeixinJSBridge getBrandWCPayRequest parameters, paySign over "appId\ntimeStamp\nnonceStr\npackage\n". */
export function jsapiParams(appId: string, prepayId: string, privateKey: KeyObject, timestamp: number, nonce = nonceStr()): Record<string, string> {
  const params = { appId, timeStamp: String(timestamp), nonceStr: nonce, package: `prepay_id=${prepayId}`, signType: 'RSA' };
  return { ...params, paySign: rsaSign(`${params.appId}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`, privateKey) };
}
