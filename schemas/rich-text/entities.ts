/**
 * The character references the rich-text editor writes (&nbsp; &lt; &gt; &quot; &#39; &amp;) read back as text,
 * &amp; last so that "&amp;lt;" stays "&lt;". For server-side plain text (exports, share cards).
 */
export const decodeEntities = (text: string): string =>
  text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
