import type { PublicConfig } from "#shared/schemas/config.ts";
import { useSignInSocial, type SocialProvider } from "../api/sign-in-social.ts";
import { FormError } from "./form-error.tsx";

const PROVIDERS: { id: SocialProvider; label: string }[] = [
  { id: "google", label: "Google" },
  { id: "github", label: "GitHub" },
];

/**
 * Google and GitHub sign-in. A provider the server has no credentials for keeps its button, disabled,
 * with the reason next to it.
 */
export function SocialButtons({
  providers,
  returnTo,
}: {
  providers: PublicConfig["providers"] | undefined;
  returnTo: string;
}) {
  const signIn = useSignInSocial();
  const error = signIn.error instanceof Error ? signIn.error.message : null;
  return (
    <div className="space-y-3">
      {PROVIDERS.map(({ id, label }) => {
        const enabled = providers?.[id] === true;
        const noteId = `social-${id}-note`;
        const busy = signIn.isPending && signIn.variables.provider === id;
        return (
          <div key={id}>
            <button
              type="button"
              disabled={!enabled || signIn.isPending}
              aria-describedby={enabled ? undefined : noteId}
              onClick={() => signIn.mutate({ provider: id, returnTo })}
              className="w-full rounded-md border border-slate-400 bg-white px-4 py-2 font-medium text-slate-900 hover:bg-slate-50 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600"
            >
              {busy ? "Redirecting..." : `Continue with ${label}`}
            </button>
            {providers && !enabled ? (
              <p id={noteId} className="mt-1 text-xs text-slate-600">
                {label} sign-in is not set up on this server yet.
              </p>
            ) : null}
          </div>
        );
      })}
      {error ? <FormError message={error} /> : null}
    </div>
  );
}
