// Browser side: rich text is sanitised again with DOMPurify right before it is displayed. The caller passes
// the window's DOMPurify (`import DOMPurify from 'dompurify'` in the app; `createDOMPurify(jsdom.window)` in
// tests), so this module pulls no DOM library into the server or into schemas' other users.
import type { Config, DOMPurify, UponSanitizeAttributeHook, ElementHook } from 'dompurify';
import {
  ALLOWED_ATTRIBUTES,
  ALLOWED_TAGS,
  DROP_CONTENT_TAGS,
  LINK_REL,
  cleanStyle,
  isAllowedAttribute,
  isAllowedTarget,
  isLocalImageSource,
  isSafeUrl,
  URL_ATTRIBUTES,
} from './allow-list';

const CONFIG: Config = {
  ALLOWED_TAGS: [...ALLOWED_TAGS],
  ALLOWED_ATTR: [...new Set([...Object.values(ALLOWED_ATTRIBUTES).flat(), 'rel'])],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  FORBID_CONTENTS: DROP_CONTENT_TAGS,
  KEEP_CONTENT: true,
};

// DOMPurify's attribute list is global and it lets data: through on <img src>; these hooks apply the
// per-tag attributes, the URL rule and the style rule of the shared allow-list.
const checkAttribute: UponSanitizeAttributeHook = (node, data) => {
  const tag = node.nodeName.toLowerCase();
  const name = data.attrName;
  if (name === 'rel' && tag === 'a') return; // rewritten after the element is done
  if (!isAllowedAttribute(tag, name)) data.keepAttr = false;
  else if (URL_ATTRIBUTES.has(name) && !isSafeUrl(data.attrValue)) data.keepAttr = false;
  else if (name === 'src' && tag === 'img' && !isLocalImageSource(data.attrValue)) data.keepAttr = false;
  else if (name === 'target' && !isAllowedTarget(data.attrValue)) data.keepAttr = false;
  else if (name === 'style') {
    data.attrValue = cleanStyle(data.attrValue);
    if (!data.attrValue) data.keepAttr = false;
  }
};

const finishLink: ElementHook = (node) => {
  // An image whose address was dropped (remote, unsafe) goes entirely.
  if (node.nodeName.toLowerCase() === 'img' && !(node as Element).hasAttribute('src')) {
    (node as Element).remove();
    return;
  }
  if (node.nodeName.toLowerCase() !== 'a') return;
  const element = node as Element;
  if (element.hasAttribute('target')) element.setAttribute('rel', LINK_REL);
  else element.removeAttribute('rel');
};

export function sanitizeRichText(html: string, purify: DOMPurify): string {
  // Hooks are added for this call only, so a DOMPurify shared with other code keeps its own behaviour.
  purify.addHook('uponSanitizeAttribute', checkAttribute);
  purify.addHook('afterSanitizeAttributes', finishLink);
  try {
    return purify.sanitize(html, CONFIG);
  } finally {
    purify.removeHook('uponSanitizeAttribute', checkAttribute);
    purify.removeHook('afterSanitizeAttributes', finishLink);
  }
}
