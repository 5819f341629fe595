import { useEffect } from "react";
import { PRODUCT_NAME } from "#shared/constants.ts";

/** Sets document.title; the only side effect a page needs for it. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
