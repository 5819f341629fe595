import { useId } from "react";
import type { PackingItem, PackingList } from "#shared/schemas/packing.ts";
import { Button } from "#web/components/ui/button.tsx";
import { controlStyles } from "#web/components/ui/field.tsx";
import { byCategory, isPacked, progressOf } from "../packing-progress.ts";
import type { PackingMember } from "../packing-member.ts";
import { AddItemForm } from "./add-item-form.tsx";
import type { PackingItemInput } from "#shared/schemas/packing.ts";

export type ListActions = {
  tick: (itemId: string, packed: boolean) => void;
  add: (input: PackingItemInput) => Promise<unknown>;
  assign: (itemId: string, userId: string | null) => void;
  remove: (itemId: string) => void;
};

/** One packing list: its progress, its items by category, ticks, and (for editors) add and remove. */
export function PackingListSection({
  list,
  title,
  listLabel,
  userId,
  canEdit,
  members,
  actions,
}: {
  list: PackingList;
  title: string;
  listLabel: string;
  userId: string;
  canEdit: boolean;
  members: readonly PackingMember[];
  actions: ListActions;
}) {
  const headingId = useId();
  const progress = progressOf(list);
  const nameOf = (id: string) => members.find((m) => m.userId === id)?.name ?? "Someone";
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-slate-300 bg-white p-3 sm:p-4 print:border-0 print:p-0"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold">
          {title}
        </h3>
        <p className="text-sm text-slate-700" aria-live="polite">
          {progress.text}
        </p>
      </div>
      <progress
        className="h-2 w-full print:hidden"
        max={Math.max(progress.total, 1)}
        value={progress.packed}
        aria-label={`${title}: ${progress.text}`}
      />
      {list.items.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing on this list yet.</p>
      ) : (
        byCategory(list.items).map(([category, items]) => (
          <div key={category} className="flex flex-col gap-1">
            <h4 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
              {category}
            </h4>
            <ul className="flex flex-col divide-y divide-slate-200">
              {items.map((item) => (
                <ItemRow
                  key={item.id}
                  item={item}
                  list={list}
                  userId={userId}
                  canEdit={canEdit}
                  members={members}
                  nameOf={nameOf}
                  actions={actions}
                />
              ))}
            </ul>
          </div>
        ))
      )}
      {canEdit ? <AddItemForm listLabel={listLabel} onSubmit={actions.add} /> : null}
    </section>
  );
}

function ItemRow({
  item,
  list,
  userId,
  canEdit,
  members,
  nameOf,
  actions,
}: {
  item: PackingItem;
  list: PackingList;
  userId: string;
  canEdit: boolean;
  members: readonly PackingMember[];
  nameOf: (id: string) => string;
  actions: ListActions;
}) {
  const checkboxId = useId();
  const mine = item.packedBy[userId] === true;
  const others = Object.keys(item.packedBy).filter((id) => id !== userId);
  const packed = isPacked(list, item);
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
      {/* A large target: this list is ticked on a phone, one-handed, while packing. */}
      <input
        id={checkboxId}
        type="checkbox"
        className="accent-brand-700 size-6 shrink-0"
        checked={mine}
        onChange={(e) => actions.tick(item.id, e.target.checked)}
      />
      <label
        htmlFor={checkboxId}
        className={`min-w-0 flex-1 ${packed ? "text-slate-500 line-through" : ""}`}
      >
        {item.name}
        {item.quantity > 1 ? <span className="text-slate-600"> ×{item.quantity}</span> : null}
        {item.note ? <span className="block text-sm text-slate-600">{item.note}</span> : null}
      </label>
      {list.kind === "shared" && others.length > 0 ? (
        <span className="text-sm text-slate-600">Packed by {others.map(nameOf).join(", ")}</span>
      ) : null}
      {list.kind === "shared" ? (
        canEdit ? (
          <label className="text-sm text-slate-700 print:hidden">
            <span className="sr-only">Who brings {item.name}</span>
            <select
              className={`${controlStyles} mt-0 w-auto py-1 text-sm`}
              value={item.assignedTo ?? ""}
              onChange={(e) => actions.assign(item.id, e.target.value || null)}
            >
              <option value="">Anyone</option>
              {members.map((m) => (
                <option key={m.userId} value={m.userId}>
                  {m.name} brings it
                </option>
              ))}
            </select>
          </label>
        ) : item.assignedTo ? (
          <span className="text-sm text-slate-700">{nameOf(item.assignedTo)} brings it</span>
        ) : null
      ) : null}
      {list.kind === "shared" && canEdit && item.assignedTo ? (
        <span className="hidden text-sm print:inline">{nameOf(item.assignedTo)} brings it</span>
      ) : null}
      {canEdit ? (
        <Button
          variant="subtle"
          size="sm"
          aria-label={`Remove ${item.name}`}
          className="print:hidden"
          onClick={() => actions.remove(item.id)}
        >
          Remove
        </Button>
      ) : null}
    </li>
  );
}
