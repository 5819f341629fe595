// A poll's limits, apart from its schema: the poll form reads them on first paint while the schema
// (zod) loads with the first check.
export const POLL_QUESTION_MAX_LENGTH = 200;
export const POLL_OPTION_MAX_LENGTH = 200;
export const POLL_MIN_OPTIONS = 2;
export const POLL_MAX_OPTIONS = 10;
