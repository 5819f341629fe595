import { useQuery } from "@tanstack/react-query";
import { Link } from "#web/lib/router/link.tsx";
import { useLocation } from "#web/lib/router/location.tsx";
import { useAuth } from "#web/features/auth/auth-context.ts";
import { getProfileQueryOptions } from "#web/features/profile/api/get-profile.ts";

/**
 * Signing up needs no name (the specification asks for e-mail and password alone), but companions
 * see who did what: a signed-in traveller without a full name is asked for one, once, on every page
 * but the profile where it is typed.
 */
export function NameReminder() {
  const auth = useAuth();
  const { pathname } = useLocation();
  const userId = auth.status === "signed-in" ? auth.user.id : "";
  const profile = useQuery({ ...getProfileQueryOptions(userId), enabled: userId !== "" });
  if (!profile.data || profile.data.fullName.trim() !== "" || pathname === "/profile") return null;
  return (
    <p role="status" className="bg-brand-50 text-brand-800 px-4 py-2 text-center text-sm">
      Add your full name so your companions know who you are.{" "}
      <Link to="/profile" className="font-medium underline underline-offset-2">
        Add your name
      </Link>
    </p>
  );
}
