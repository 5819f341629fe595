import { expect, type APIRequestContext } from "@playwright/test";

/** Shares the trip through the API and answers its public page's path (`/shared/<token>`). */
export async function shareTrip(
  request: APIRequestContext,
  id: string,
  baseURL: string,
): Promise<string> {
  const res = await request.post(`/api/trips/${id}/share`, {
    headers: { Origin: baseURL, Accept: "application/json" },
    data: {},
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { trip } = (await res.json()) as { trip: { sharePath: string } };
  return trip.sharePath;
}
