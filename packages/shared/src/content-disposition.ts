/*
 * Content-Disposition, written by the server for every download and read by the console for the
 * file name (RFC 6266 with RFC 5987's UTF-8 name). One place, so the two sides cannot drift.
 */

/** RFC 5987 attr-char: what may stand unescaped in `filename*`. */
const encodeExtValue = (text: string): string =>
  encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** An ASCII fallback name plus the exact UTF-8 name; quotes, backslashes and control characters never reach the header. */
export const contentDisposition = (kind: 'attachment' | 'inline', name: string): string => {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(name)}`;
};

/** The file name a Content-Disposition header gives: the UTF-8 `filename*`, else the plain `filename`. */
export const fileNameFromContentDisposition = (header: string | null | undefined): string | undefined => {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted?.[1] !== undefined) return quoted[1].replace(/\\(.)/g, '$1');
  return /filename\s*=\s*([^;\s]+)/i.exec(header)?.[1];
};
