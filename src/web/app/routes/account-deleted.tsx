import { Link } from "#web/lib/router/link.tsx";
import { usePageTitle } from "#web/components/page-title.tsx";

export function AccountDeletedRoute() {
  usePageTitle("Account deleted");
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <h1 className="text-2xl font-bold">Your account has been deleted</h1>
      <p className="text-slate-700">
        Your profile, avatar, trips and shared links are gone, and every device has been signed out.
        We sent a confirmation to your e-mail address.
      </p>
      <p>
        <Link to="/" className="text-brand-700 font-medium underline underline-offset-4">
          Back to the home page
        </Link>
      </p>
    </div>
  );
}
