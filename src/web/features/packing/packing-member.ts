/** A member of the trip, as the packing lists name them (whom a shared item is assigned to). */
export type PackingMember = { userId: string; name: string };
