import { Menu } from "#web/components/ui/menu.tsx";

/**
 * "Export" on the trip page (members) and the shared page (public trips): the trip as GPX (a GPS,
 * Organic Maps, CoMaps), KML (Google My Maps, Google Earth), GeoJSON, or CSV (a spreadsheet).
 * `base`: `/api/trips/<id>` or `/api/shared/<token>`.
 */
export function ExportMenu({ base }: { base: string }) {
  return (
    <Menu
      label="Export"
      items={[
        { label: "GPX (GPS, Organic Maps)", href: `${base}/export.gpx`, download: true },
        { label: "KML (Google My Maps)", href: `${base}/export.kml`, download: true },
        { label: "GeoJSON", href: `${base}/export.geojson`, download: true },
        { label: "CSV (spreadsheet)", href: `${base}/export.csv`, download: true },
      ]}
    />
  );
}
