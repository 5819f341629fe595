/** Text for inside HTML (an element's text or a quoted attribute): the five special characters as references. */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
