import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Fails with the list of violations (rule, impact, first target) when a page is not axe-clean. */
export async function expectAxeClean(page: Page, context = "") {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact ?? "?"}): ${v.nodes[0]?.target.join(" ") ?? ""}`,
  );
  expect(summary, `axe violations ${context}`).toEqual([]);
}
