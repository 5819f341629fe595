import { useEffect } from "react";
import type {
  PlanReadField,
  PlanRequestRead,
  PlanSentence,
} from "#shared/schemas/plan-request-read.ts";
import { useReadPlanRequest } from "../api/read-plan-request.ts";

type Props = {
  input: PlanSentence;
  onRead: (answer: PlanRequestRead) => void;
  onFailed: (error: unknown) => void;
};

/**
 * Reads one description (mounted once a traveller asks, with a new key for each ask): the mutation
 * and what shows its answer come with the first ask, not with Home's first view.
 */
export function DescribeTripRead({ input, onRead, onFailed }: Props) {
  const { mutate } = useReadPlanRequest();
  useEffect(() => {
    mutate(input, { onSuccess: onRead, onError: onFailed });
    // One read for each mount: the parent gives every ask its own key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

const FIELD_LABELS: Record<PlanReadField, string> = {
  origin: "From",
  destination: "Destination",
  stops: "Cities",
  startDate: "Dates",
  endDate: "Dates",
  travellers: "Travellers",
  budget: "Budget",
  "lodging.kind": "Where to stay",
  "lodging.needs": "The place must allow",
  cuisines: "Food",
  avoid: "Avoid",
  interests: "Interests",
  travelStyle: "Travel style",
};

/** What was understood, one line a field ("Dates: May 3–10"), dates said once. */
export function UnderstoodList({ understood }: { understood: PlanRequestRead["understood"] }) {
  const lines = new Map<string, string[]>();
  for (const { field, text } of understood) {
    const label = FIELD_LABELS[field];
    const words = lines.get(label) ?? [];
    if (!words.includes(text)) words.push(text);
    lines.set(label, words);
  }
  return (
    <div role="status" className="rounded-md bg-slate-50 p-3 text-slate-800">
      <p className="font-medium">
        What I understood (the form below is filled; check it, then plan):
      </p>
      <ul className="mt-1 list-disc pl-5">
        {[...lines].map(([label, words]) => (
          <li key={label}>
            {label}: {words.join(", ")}
          </li>
        ))}
      </ul>
    </div>
  );
}
