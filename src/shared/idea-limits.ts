// An idea's limits, apart from its schema: a form reads them on first paint (the map's "Add to
// ideas") while the schema (zod) loads with the first check.
export const IDEA_TITLE_MAX_LENGTH = 200;
export const IDEA_NOTE_MAX_LENGTH = 2000;
export const IDEA_URL_MAX_LENGTH = 2000;
