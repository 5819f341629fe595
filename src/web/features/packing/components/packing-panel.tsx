import type { PackingMember } from "../packing-member.ts";
import { useState } from "react";
import type { PackingList } from "#shared/schemas/packing.ts";
import { Button } from "#web/components/ui/button.tsx";
import { SelectField } from "#web/components/ui/select-field.tsx";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { useAddPackingItem } from "../api/add-item.ts";
import { useDeletePackingItem } from "../api/delete-item.ts";
import { LOAD_PACKING_FAILED, usePacking } from "../api/get-packing.ts";
import { useUpdatePackingItem } from "../api/update-item.ts";
import { waitingTicksText, withWaitingTicks } from "../tick-outbox.ts";
import { usePackingTicks } from "../use-packing-ticks.ts";
import { PackingListSection, type ListActions } from "./packing-list-section.tsx";
import { SuggestionsPanel } from "./suggestions-panel.tsx";
import { TemplatesPanel } from "./templates-panel.tsx";

/**
 * The trip's Packing tab: the shared list ("for the group") and the reader's own ("Mine"), each with
 * its progress and categories; suggestions from the trip and templates below; a print view.
 */
export function PackingPanel({
  tripId,
  userId,
  canEdit,
  members,
}: {
  tripId: string;
  userId: string;
  canEdit: boolean;
  members: readonly PackingMember[];
}) {
  const packing = usePacking(tripId);
  const ticks = usePackingTicks(tripId);
  const add = useAddPackingItem(tripId);
  const update = useUpdatePackingItem(tripId);
  const remove = useDeletePackingItem(tripId);
  const [targetKind, setTargetKind] = useState<PackingList["kind"]>("shared");
  const [suggestionsOpen, setSuggestionsOpen] = useState(false);
  const [templatesOpen, setTemplatesOpen] = useState(false);

  if (packing.isPending)
    return (
      <p role="status" className="text-slate-600">
        Loading...
      </p>
    );
  if (packing.isError)
    return (
      <p role="alert" className="text-red-700">
        {getErrorMessage(packing.error, LOAD_PACKING_FAILED)}
      </p>
    );
  const lists = withWaitingTicks(packing.data, ticks.waiting, userId).lists;
  const shared = lists.find((l) => l.kind === "shared");
  const mine = lists.find((l) => l.kind === "personal");
  const waitingCount = Object.keys(ticks.waiting).length;
  const target = targetKind === "shared" ? shared : mine;
  const actionsFor = (list: PackingList): ListActions => ({
    tick: ticks.tick,
    add: (input) => add.mutateAsync({ listId: list.id, input }),
    assign: (itemId, assignedTo) => update.mutate({ itemId, patch: { assignedTo } }),
    remove: (itemId) => remove.mutate(itemId),
  });
  const failed = [update, remove].find((m) => m.isError);
  const failure = failed?.error ?? ticks.error;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold">Packing</h2>
        <Button
          variant="secondary"
          size="sm"
          className="print:hidden"
          onClick={() => window.print()}
        >
          Print
        </Button>
      </div>
      {!ticks.online && waitingCount > 0 ? (
        <p role="status" className="text-sm text-amber-800 print:hidden">
          {waitingTicksText(waitingCount)}
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {getErrorMessage(failure, "The change could not be saved")}
        </p>
      ) : null}
      {/* What "Print" prints: the two lists alone (styles.css). */}
      <div data-packing-print="" className="grid gap-4 lg:grid-cols-2">
        {shared ? (
          <PackingListSection
            list={shared}
            title="Shared list"
            listLabel="the shared list"
            userId={userId}
            canEdit={canEdit}
            members={members}
            actions={actionsFor(shared)}
          />
        ) : null}
        {mine ? (
          <PackingListSection
            list={mine}
            title="Mine"
            listLabel="my list"
            userId={userId}
            canEdit={canEdit}
            members={members}
            actions={actionsFor(mine)}
          />
        ) : null}
      </div>
      <div className="flex flex-col gap-3 print:hidden">
        {canEdit ? (
          <SelectField
            label="Add suggestions and templates to"
            options={[
              { value: "shared", label: "Shared list" },
              { value: "personal", label: "Mine" },
            ]}
            value={targetKind}
            onChange={(e) => setTargetKind(e.target.value === "personal" ? "personal" : "shared")}
            className="max-w-xs"
          />
        ) : null}
        <details
          className="rounded-lg border border-slate-300 bg-white p-3"
          onToggle={(e) => setSuggestionsOpen(e.currentTarget.open)}
        >
          <summary className="cursor-pointer font-semibold">Suggestions from your trip</summary>
          <div className="mt-3">
            <SuggestionsPanel
              tripId={tripId}
              open={suggestionsOpen}
              canEdit={canEdit}
              target={target}
            />
          </div>
        </details>
        {canEdit ? (
          <details
            className="rounded-lg border border-slate-300 bg-white p-3"
            onToggle={(e) => setTemplatesOpen(e.currentTarget.open)}
          >
            <summary className="cursor-pointer font-semibold">Templates</summary>
            <div className="mt-3">
              <TemplatesPanel tripId={tripId} open={templatesOpen} target={target} mine={mine} />
            </div>
          </details>
        ) : null}
      </div>
    </div>
  );
}
