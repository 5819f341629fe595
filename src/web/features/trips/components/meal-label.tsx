import type { Activity } from "#shared/schemas/itinerary.ts";

const MEAL_WORDS = { breakfast: "Breakfast", lunch: "Lunch", dinner: "Dinner" } as const;

/** "Dinner · Italian": a planned meal and the cuisine it covers (issue 47); null for a visit. */
export function mealText(activity: Pick<Activity, "meal" | "cuisine">): string | null {
  if (!activity.meal) return null;
  return [MEAL_WORDS[activity.meal], activity.cuisine].filter(Boolean).join(" · ");
}

/** Above a planned meal's name: which meal it is and its cuisine. */
export function MealLabel({ activity }: { activity: Pick<Activity, "meal" | "cuisine"> }) {
  const text = mealText(activity);
  return text ? <p className="text-brand-800 text-xs font-medium">{text}</p> : null;
}
