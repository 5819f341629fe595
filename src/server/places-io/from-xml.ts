import { gpx, kmlWithFolders, type Folder, type F } from "@tmcw/togeojson";
import type { Document, Element } from "@xmldom/xmldom";
import {
  cleanLine,
  cleanNote,
  placeRecord,
  validPosition,
  type PlaceRecord,
  type SkippedRecord,
} from "./place-record.ts";
import { geojsonPlace, isTripFrame } from "./from-geojson.ts";

type Read = { places: PlaceRecord[]; skipped: SkippedRecord[] };

/**
 * A KML document (Google My Maps and others) through togeojson: each folder's name is its places'
 * group; a placemark with only `<address>` is looked up by it; HTML descriptions become text.
 */
export function readKml(document: Document): Read {
  const root = kmlWithFolders(document);
  const places: PlaceRecord[] = [];
  const skipped: SkippedRecord[] = [];
  let index = 0;
  const walk = (children: Array<Folder | F>, group: string | null) => {
    for (const child of children) {
      if (child.type === "folder") {
        walk(child.children, cleanLine(child.meta.name) ?? group);
        continue;
      }
      index += 1;
      if (isTripFrame(child)) continue;
      const place = geojsonPlace(child, group, { addressLookup: true });
      if (place) places.push(place);
      else if (child.geometry?.type === "Point" || !child.geometry)
        skipped.push({ line: index, reason: "A placemark with no name, no point and no address." });
    }
  };
  walk(root.children, null);
  return { places, skipped };
}

const childText = (element: Element, name: string): string | null => {
  for (const node of Array.from(element.childNodes)) {
    if (node.nodeType === 1 && (node as Element).localName === name)
      return (node as Element).textContent;
  }
  return null;
};

/**
 * A GPX 1.1 file: its waypoints (through togeojson), then the named points of its routes and
 * tracks (togeojson turns those into lines, which lose the names), each with its route's name as
 * the group. Unnamed route and track points are positions of a line, not places.
 */
export function readGpx(document: Document): Read {
  const places: PlaceRecord[] = [];
  const skipped: SkippedRecord[] = [];
  let index = 0;
  for (const feature of gpx(document).features) {
    if (feature.geometry?.type !== "Point") continue;
    index += 1;
    const [lng, lat] = feature.geometry.coordinates;
    if (!validPosition(lat, lng)) {
      const title = cleanLine(feature.properties?.name) ?? "A waypoint";
      skipped.push({ line: index, reason: `${title}: no valid latitude and longitude.` });
      continue;
    }
    const place = geojsonPlace(feature, null, { addressLookup: false });
    if (place) places.push(place);
    else skipped.push({ line: index, reason: "A waypoint with no name." });
  }
  for (const [container, pointName] of [
    ["rte", "rtept"],
    ["trk", "trkpt"],
  ] as const) {
    for (const route of Array.from(document.getElementsByTagName(container))) {
      const group = cleanLine(childText(route, "name"));
      for (const point of Array.from(route.getElementsByTagName(pointName))) {
        const title = cleanLine(childText(point, "name"));
        if (!title) continue;
        index += 1;
        const position = validPosition(point.getAttribute("lat"), point.getAttribute("lon"));
        if (!position) {
          skipped.push({ line: index, reason: `${title}: no valid latitude and longitude.` });
          continue;
        }
        places.push(
          placeRecord({
            title,
            note: cleanNote(childText(point, "desc") ?? childText(point, "cmt")),
            position,
            group,
          }),
        );
      }
    }
  }
  return { places, skipped };
}
