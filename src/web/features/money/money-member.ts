/** A member as the Money tab needs them: who can pay and share (the route passes the trip's members). */
export type MoneyMember = { userId: string; name: string };
