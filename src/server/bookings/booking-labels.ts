import type { Stay, Transport, TransportMode } from "#shared/schemas/trip-stops.ts";

/** How a history line or a conflict names a journey's mode ("the train Paris → Lyon"). */
const MODE_NAMES: Record<TransportMode, string> = {
  flight: "flight",
  train: "train",
  bus: "bus",
  car: "drive",
  ferry: "ferry",
  other: "journey",
};

/** "train Paris → Lyon" */
export const journeyLabel = (journey: Pick<Transport, "mode" | "from" | "to">) =>
  `${MODE_NAMES[journey.mode]} ${journey.from} → ${journey.to}`;

/** "stay “Hôtel des Marronniers”" */
export const stayLabel = (stay: Pick<Stay, "name">) => `stay “${stay.name}”`;
