// The download header of every file the server names (a conversation's export, a canvas): RFC 6266 / 5987,
// a quoted ASCII stand-in for clients that ignore `filename*`, plus the exact UTF-8 name percent-encoded.

/** The name with accents dropped (d-stroke to d) and anything else outside plain ASCII file characters as `_`. */
export function asciiName(name: string): string {
  return name.normalize("NFD").replace(/\p{M}/gu, "").replace(/\u0111/g, "d").replace(/\u0110/g, "D")
    .replace(/[^A-Za-z0-9 ._()-]/g, "_");
}

export function attachment(name: string): string {
  const hex = (ch: string) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`;
  const encoded = encodeURIComponent(name).replace(/['()*!]/g, hex);
  return `attachment; filename="${asciiName(name)}"; filename*=UTF-8''${encoded}`;
}
