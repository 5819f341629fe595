import {
  closestCenter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import { useState } from "react";
import type { Day } from "#shared/schemas/itinerary.ts";
import { DAY_DROP_PREFIX } from "./day-nav.tsx";
import { moveActivity, moveActivityToDay } from "./editable-trip.ts";
import type { TripEditor } from "./use-trip-editor.ts";

const isDay = (id: UniqueIdentifier | undefined) => String(id).startsWith(DAY_DROP_PREFIX);

// A pointer over a day in the list means "move there"; otherwise the nearest activity of the day.
const collisions: CollisionDetection = (args) => {
  if (!args.pointerCoordinates) return closestCenter(args);
  const days = args.droppableContainers.filter((c) => isDay(c.id));
  const onDay = pointerWithin({ ...args, droppableContainers: days });
  if (onDay.length > 0) return onDay;
  return closestCenter({
    ...args,
    droppableContainers: args.droppableContainers.filter((c) => !isDay(c.id)),
  });
};

/** How near the window's edges the page scrolls during a drag: a share of its width and height. */
const EDGE = { x: 0.2, y: 0.2 };
const EDGE_OVER_A_DAY = { x: 0.05, y: 0.05 };

const SCREEN_READER_INSTRUCTIONS = {
  draggable:
    "To move an activity, press Space or Enter to pick it up, use the arrow keys to move it, and press Space or Enter again to drop it, or Escape to cancel. Dropping it on a day in the list of days moves it there, in its place by time; Move to does the same.",
};

/**
 * Dragging an activity within the shown day, or onto a day in the list of days, by pointer or
 * keyboard, with what a screen reader hears at each step. The props to spread on DndContext.
 */
export function useActivityDrag({
  days,
  day,
  dayTitle,
  save,
}: {
  days: readonly Day[];
  /** The day shown. */
  day: Day | undefined;
  dayTitle: (index: number) => string;
  save: TripEditor["save"];
}) {
  const sensors = useSensors(
    // A few pixels before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // While the pointer is on a day in the list of days, the page scrolls only with the pointer at the
  // very edge of the window (5% instead of dnd-kit's 20%). The list sits near the bottom edge of a
  // laptop screen once the page is scrolled to its top (the panels above it push it down), where the
  // page would otherwise scroll on and carry the day away from under the pointer: the drop then
  // landed on the next day, or back in the list of activities. At the very edge it still scrolls,
  // so on a phone (the days above the activities) a finger held at the top passes over the days.
  const [overDay, setOverDay] = useState(false);
  const activities = day?.activities ?? [];
  // The activity last moved (within the day, or to another day by drag or Move to): it is offered a
  // time that fits its new place, or the nearest free time when its own is taken there.
  const [movedId, setMovedId] = useState<string | null>(null);
  const nameOf = (id: UniqueIdentifier) =>
    days.flatMap((d) => d.activities).find((a) => a.id === id)?.activity ?? "activity";
  const position = (id: UniqueIdentifier | undefined) =>
    `position ${activities.findIndex((a) => a.id === id) + 1} of ${activities.length}`;
  const dayName = (id: UniqueIdentifier) => {
    const i = days.findIndex((d) => `${DAY_DROP_PREFIX}${d.date}` === id);
    return i >= 0 ? dayTitle(i) : "another day";
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, at ${position(active.id)}.`,
    onDragOver: ({ active, over }) =>
      !over
        ? `${nameOf(active.id)} is no longer over a place to drop it.`
        : isDay(over.id)
          ? `${nameOf(active.id)} is over ${dayName(over.id)}. Drop to move it to that day, in its place by time.`
          : `${nameOf(active.id)} is over ${position(over.id)}.`,
    onDragEnd: ({ active, over }) =>
      !over
        ? `${nameOf(active.id)} was dropped where it was.`
        : isDay(over.id)
          ? `${nameOf(active.id)} was moved to ${dayName(over.id)}.`
          : `${nameOf(active.id)} was dropped at ${position(over.id)}.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };
  const onDragOver = ({ over }: DragOverEvent) => setOverDay(isDay(over?.id));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setOverDay(false);
    if (!over || !day) return;
    const id = String(active.id);
    if (isDay(over.id)) {
      const date = String(over.id).slice(DAY_DROP_PREFIX.length);
      if (date !== day.date) {
        // In its place by time on that day; checked there for a free time.
        setMovedId(id);
        void save(moveActivityToDay(id, date));
      }
      return;
    }
    const from = activities.findIndex((a) => a.id === id);
    const to = activities.findIndex((a) => a.id === over.id);
    if (from >= 0 && to >= 0 && from !== to) {
      setMovedId(id);
      void save(moveActivity(id, day.date, to));
    }
  };
  return {
    movedId,
    markMoved: setMovedId,
    context: {
      sensors,
      collisionDetection: collisions,
      autoScroll: { threshold: overDay ? EDGE_OVER_A_DAY : EDGE },
      onDragOver,
      onDragEnd,
      onDragCancel: () => setOverDay(false),
      accessibility: { announcements, screenReaderInstructions: SCREEN_READER_INSTRUCTIONS },
    },
  };
}
