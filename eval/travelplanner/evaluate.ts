import {
  PlanError,
  informationInCurrentCity,
  informationInSandbox,
  notAbsent,
  reasonableVisitingCity,
  validAccommodation,
  validAttractions,
  validRestaurants,
  validTransportation,
} from "./commonsense.ts";
import {
  totalCost,
  validCost,
  validCuisine,
  validRoomRule,
  validRoomType,
  validTransportation as validTransportationRule,
} from "./hard.ts";
import type { Sandbox } from "./sandbox.ts";
import type { PlanDay, PlanEvaluation, TravelPlannerQuery } from "./types.ts";

/**
 * One plan scored as the official TravelPlanner evaluation scores it: nothing when no plan was
 * delivered; the hard constraints only when the plan is complete and within the sandbox. Where the
 * official script would raise, the plan gets `error` and fails every check it reached.
 */
export function evaluatePlan(
  query: TravelPlannerQuery,
  plan: PlanDay[] | null | undefined,
  sandbox: Sandbox,
): PlanEvaluation {
  if (!plan || plan.length === 0) return { commonsense: null, hard: null, error: null };
  try {
    const commonsense = {
      is_reasonable_visiting_city: reasonableVisitingCity(query, plan, sandbox),
      is_valid_restaurants: validRestaurants(query, plan),
      is_valid_attractions: validAttractions(query, plan),
      is_valid_accommodation: validAccommodation(query, plan, sandbox),
      is_valid_transportation: validTransportation(query, plan),
      is_valid_information_in_current_city: informationInCurrentCity(query, plan),
      is_valid_information_in_sandbox: informationInSandbox(query, plan, sandbox),
      is_not_absent: notAbsent(query, plan),
    };
    if (
      commonsense.is_not_absent[0] !== true ||
      commonsense.is_valid_information_in_sandbox[0] !== true
    )
      return { commonsense, hard: null, error: null };
    const total = totalCost(query, plan, sandbox);
    return {
      commonsense,
      hard: {
        valid_cuisine: validCuisine(query, plan, sandbox),
        valid_room_rule: validRoomRule(query, plan, sandbox),
        valid_transportation: validTransportationRule(query, plan),
        valid_room_type: validRoomType(query, plan, sandbox),
        valid_cost: validCost(total, query),
      },
      error: null,
      total_cost: total,
    };
  } catch (error) {
    if (error instanceof PlanError) return { commonsense: null, hard: null, error: error.message };
    throw error;
  }
}
