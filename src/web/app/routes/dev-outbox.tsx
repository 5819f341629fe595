import { usePageTitle } from "#web/components/page-title.tsx";
import { OutboxList } from "#web/features/dev-outbox/components/outbox-list.tsx";

export function DevOutboxRoute() {
  usePageTitle("Dev outbox");
  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold">Dev outbox</h1>
      <p className="mt-1 mb-6 text-sm text-slate-700">
        Without SMTP_URL, mail stays here (newest first). This page and its API exist only outside
        production.
      </p>
      <OutboxList />
    </section>
  );
}
