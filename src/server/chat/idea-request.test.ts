import { describe, expect, it } from "vitest";
import { ideaRequestOf } from "./idea-request.ts";

describe("ideaRequestOf", () => {
  it("reads the idea's title from the ways people ask", () => {
    expect(ideaRequestOf("Add the Musée Rodin to our ideas")).toBe("Musée Rodin");
    expect(ideaRequestOf("please put “Sintra day trip” on the ideas list.")).toBe(
      "Sintra day trip",
    );
    expect(ideaRequestOf("Could you save LX Factory to the trip's ideas?")).toBe("LX Factory");
    expect(ideaRequestOf("add The Louvre into my ideas")).toBe("Louvre");
  });

  it("is null for anything else", () => {
    expect(ideaRequestOf("What ideas do you have for Paris?")).toBeNull();
    expect(ideaRequestOf("Add a museum on day 2")).toBeNull();
    expect(ideaRequestOf("add to our ideas")).toBeNull();
    expect(ideaRequestOf(`Add ${"x".repeat(201)} to our ideas`)).toBeNull();
  });
});
