// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ActivityForm } from "./activity-form.tsx";
import type { ActivityFields } from "./editable-trip.ts";
import { LiveChangeContext } from "./live-change-context.ts";
import type { RemoteChange } from "./use-trip-live.ts";

const tiles: ActivityFields = {
  time: "09:00",
  activity: "Tile museum",
  location: "Rua da Madre de Deus 4",
  description: "",
  cost: 5,
  durationMinutes: 90,
};

const change = (version: number, name: string, summary: string): RemoteChange => ({
  version,
  by: { userId: `user-${name}`, name },
  summary,
  text: `${name} ${summary}`,
  highlight: true,
});

/** Bob's open form for Tile museum, as the page renders it after each live change. */
const form = (remote: RemoteChange | null, initial: ActivityFields, dayDate: string | null) => (
  <LiveChangeContext.Provider value={remote}>
    <ActivityForm
      title="Edit Tile museum"
      submitLabel="Save activity"
      initial={initial}
      dayDate={dayDate}
      onSave={() => undefined}
      onCancel={() => undefined}
    />
  </LiveChangeContext.Provider>
);

afterEach(cleanup);

describe("ActivityForm changed by someone else while open", () => {
  it("names who changed this activity, not who changed something else afterwards", () => {
    const view = render(form(null, tiles, "2027-05-03"));
    fireEvent.change(screen.getByLabelText("Activity"), { target: { value: "Tiles with Bob" } });

    // Alice's change arrives, then the trip with her version of the activity.
    const alice = change(2, "Alice Owner", "Changed “Azulejo museum”");
    view.rerender(form(alice, tiles, "2027-05-03"));
    expect(screen.queryByRole("alert")).toBeNull();
    const hers = { ...tiles, activity: "Azulejo museum" };
    view.rerender(form(alice, hers, "2027-05-03"));
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Alice Owner changed this activity while you were editing",
    );

    // Carol changes another activity: the note still names Alice.
    view.rerender(form(change(3, "Carol Third", "Changed “Sunset”"), hers, "2027-05-03"));
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Alice Owner changed this activity while you were editing",
    );
    expect(screen.getByRole("alert")).not.toHaveTextContent("Carol");
    expect(screen.getByLabelText("Activity")).toHaveValue("Tiles with Bob");
  });

  it("a companion's change to a field not touched here is taken in, without Keep mine / Take theirs", () => {
    const view = render(form(null, tiles, "2027-05-03"));
    fireEvent.change(screen.getByLabelText("Cost (USD)"), { target: { value: "13" } });
    const alice = change(2, "Alice Owner", "Changed “Tile museum”");
    view.rerender(form(alice, { ...tiles, description: "Ana's text" }, "2027-05-03"));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByLabelText("Description")).toHaveValue("Ana's text");
    expect(screen.getByLabelText("Cost (USD)")).toHaveValue(13);
    expect(screen.getByRole("status")).toHaveTextContent(
      "Alice Owner changed the description while you were editing",
    );
  });

  it("Take theirs takes only the field both changed; Save sends only the fields changed here", async () => {
    const saves: unknown[] = [];
    const view = render(
      <LiveChangeContext.Provider value={null}>
        <ActivityForm
          title="Edit Tile museum"
          submitLabel="Save activity"
          initial={tiles}
          dayDate="2027-05-03"
          onSave={(changed) => void saves.push(changed)}
          onCancel={() => undefined}
        />
      </LiveChangeContext.Provider>,
    );
    fireEvent.change(screen.getByLabelText("Activity"), { target: { value: "Tiles with Bob" } });
    fireEvent.change(screen.getByLabelText("Cost (USD)"), { target: { value: "12" } });
    const alice = change(2, "Alice Owner", "Changed “Azulejo museum”");
    view.rerender(
      form(alice, { ...tiles, activity: "Azulejo museum", time: "10:30" }, "2027-05-03"),
    );
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Alice Owner changed this activity while you were editing. You both changed the name",
    );
    fireEvent.click(screen.getByRole("button", { name: "Take theirs" }));
    expect(screen.getByLabelText("Activity")).toHaveValue("Azulejo museum");
    expect(screen.getByLabelText("Time")).toHaveValue("10:30");
    expect(screen.getByLabelText("Cost (USD)")).toHaveValue(12);
    view.rerender(
      <LiveChangeContext.Provider value={alice}>
        <ActivityForm
          title="Edit Tile museum"
          submitLabel="Save activity"
          initial={{ ...tiles, activity: "Azulejo museum", time: "10:30" }}
          dayDate="2027-05-03"
          onSave={(changed) => void saves.push(changed)}
          onCancel={() => undefined}
        />
      </LiveChangeContext.Provider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Save activity" }));
    await waitFor(() => expect(saves).toEqual([{ cost: 12 }]), { timeout: 10_000 });
  });

  it("a move to another day by someone else asks nothing: no field changed", () => {
    const view = render(form(null, tiles, "2027-05-03"));
    view.rerender(
      form(change(2, "Alice Owner", "Moved “Tile museum” to Tue 4 May"), tiles, "2027-05-04"),
    );
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByRole("button", { name: "Keep mine" })).toBeNull();
  });

  it("removed by someone else: Add it back or Discard, and the typed values stay", () => {
    const view = render(form(null, tiles, "2027-05-03"));
    fireEvent.change(screen.getByLabelText("Description"), { target: { value: "Booked" } });
    view.rerender(form(change(2, "Alice Owner", "Removed “Tile museum”"), tiles, null));
    const note = screen.getByRole("alert");
    expect(note).toHaveTextContent("Alice Owner removed this activity while you were editing");
    expect(screen.getByRole("button", { name: "Add it back" })).toHaveAttribute("type", "submit");
    expect(screen.getByRole("button", { name: "Discard" })).toBeInTheDocument();
    // One way to save: the ordinary Save activity would update an activity that is gone.
    expect(screen.queryByRole("button", { name: "Save activity" })).toBeNull();
    expect(screen.getByLabelText("Description")).toHaveValue("Booked");
  });

  it("this tab's own change (an undo) to a field not touched here is simply taken in", () => {
    const alice = change(2, "Alice Owner", "Changed “Sunset”");
    const view = render(form(alice, tiles, "2027-05-03"));
    view.rerender(form(alice, { ...tiles, time: "10:00" }, "2027-05-03"));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByLabelText("Time")).toHaveValue("10:00");
  });
});
