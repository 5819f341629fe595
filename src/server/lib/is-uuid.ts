import { z } from "zod";

const uuid = z.uuid();

/** An id from a path that the database can look up: anything else is "not found", never a cast error. */
export const isUuid = (value: string) => uuid.safeParse(value).success;
