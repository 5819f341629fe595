import { createContext, useContext } from "react";
import { MESSAGES } from "#shared/messages.ts";

export type AuthUser = { id: string; email: string; name: string; emailVerified: boolean };

export type AuthState =
  | { status: "loading"; user: null }
  | { status: "signed-out"; user: null }
  | { status: "signed-in"; user: AuthUser };

export type AuthContextValue = AuthState & {
  refresh: () => Promise<void>;
  signOut: () => Promise<void>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error(MESSAGES.useAuthOutsideProvider);
  return value;
}
