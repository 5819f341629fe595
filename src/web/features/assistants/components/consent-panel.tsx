import { ASSISTANT_MESSAGES, ASSISTANT_SCOPE_LABELS } from "#shared/schemas/assistants.ts";
import { Button } from "#web/components/ui/button.tsx";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { useAnswerConsent, useConsentClient } from "../api/consent.ts";

const panelClass =
  "mx-auto flex max-w-lg flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6";

/**
 * /oauth/consent: an assistant (Claude, ChatGPT…) asks to reach this account through /mcp. The
 * page was opened by Better Auth's authorize step with a signed query (client, scopes, PKCE
 * challenge, resource); Allow or Deny sends that query back and the browser on to the assistant.
 */
export function ConsentPanel({ search, email }: { search: string; email: string }) {
  const params = new URLSearchParams(search);
  const clientId = params.get("client_id") ?? "";
  const scopes = (params.get("scope") ?? "").split(" ").filter((s) => ASSISTANT_SCOPE_LABELS[s]);
  const client = useConsentClient(clientId);
  const answer = useAnswerConsent(search.replace(/^\?/, ""));

  if (!clientId || client.isError) {
    return (
      <section className={panelClass}>
        <h1 className="text-2xl font-bold">Connect an assistant</h1>
        <p role="alert">
          {clientId
            ? getErrorMessage(client.error, ASSISTANT_MESSAGES.loadClientFailed)
            : ASSISTANT_MESSAGES.loadClientFailed}
        </p>
      </section>
    );
  }
  if (!client.data) {
    return (
      <p role="status" className="text-slate-600">
        Loading...
      </p>
    );
  }
  const name = client.data.client_name?.trim() || ASSISTANT_MESSAGES.unnamed;
  const respond = (accept: boolean) =>
    answer.mutate(accept, { onSuccess: ({ url }) => window.location.assign(url) });
  const busy = answer.isPending || answer.isSuccess;
  return (
    <section className={panelClass} aria-labelledby="consent-heading">
      <h1 id="consent-heading" className="text-2xl font-bold">
        Connect {name} to Boundless
      </h1>
      {/* One sentence a scope, as the traveller reads them: "Claude wants to read your trips". */}
      <ul aria-label={`What ${name} asks for`} className="list-disc space-y-1 pl-6 text-lg">
        {scopes.map((scope) => (
          <li key={scope}>
            {name} wants to {ASSISTANT_SCOPE_LABELS[scope]}
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-600">
        Signed in as {email}. Its changes appear in your trips&apos; history as made through it, and
        you can revoke it at any time on your Profile page.
      </p>
      <div className="flex flex-wrap gap-3">
        <Button disabled={busy} onClick={() => respond(true)}>
          Allow
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => respond(false)}>
          Deny
        </Button>
      </div>
      {answer.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {getErrorMessage(answer.error, ASSISTANT_MESSAGES.answerFailed)}
        </p>
      ) : null}
    </section>
  );
}
