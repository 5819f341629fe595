// The lazy chunk: Leaflet, its CSS and ours load only when a trip page shows a map.
import * as L from "leaflet";
import "leaflet/dist/leaflet.css";
import "../trip-map.css";
import { useEffect, useRef } from "react";
import {
  attributionHtml,
  ideaLabel,
  markerOffsets,
  stayLabel,
  stopLabel,
  type DayMapView,
  type LatLng,
} from "../map-model.ts";
import { STROKE_STYLES, type RouteStroke } from "../route-strokes.ts";

export type LeafletViewProps = {
  tileUrl: string;
  attribution: string;
  view: DayMapView;
  /** The day's legs along their routes (issue 46): drawn instead of the straight line joining the stops. */
  routes: readonly RouteStroke[];
  selectedId: string | null;
  /** Bumped on every selection made in the list: the map then brings that marker into view. */
  panRequest: number;
  picking: boolean;
  onSelect: (activityId: string) => void;
  onPick: (point: LatLng) => void;
  /** A click while not placing a stop (the editor's "Add to ideas"); none on read-only pages. */
  onMapClick?: ((point: LatLng) => void) | undefined;
  onTilesFailed: (failed: boolean) => void;
  /** Hands the map's centre to the "Place at the map's centre" button (the keyboard way to pick). */
  onReady: (center: (() => LatLng) | null) => void;
};

const BRAND = "#0f766e";
const WORLD: L.LatLngTuple = [20, 0];

/** A stable key of what the day shows: the view is fitted again only when this changes. */
const viewKey = (view: DayMapView) =>
  JSON.stringify([
    view.stops.map((s) => [s.id, s.lat, s.lng]),
    view.fallback,
    view.route,
    view.cities,
    view.stays,
    view.ideas,
  ]);

export default function LeafletView(props: LeafletViewProps) {
  const { tileUrl, attribution, view, routes, selectedId, panRequest, picking } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markersRef = useRef(new Map<string, L.Marker>());
  // Leaflet's handlers are bound once; they read the latest props through this ref.
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  // The map itself, once.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, { zoomControl: true, keyboard: true, worldCopyJump: true });
    map.setView(WORLD, 2);
    map.on("click", (event: L.LeafletMouseEvent) => {
      if (latest.current.picking) latest.current.onPick(event.latlng);
      else latest.current.onMapClick?.(event.latlng);
    });
    mapRef.current = map;
    latest.current.onReady(() => map.getCenter());
    return () => {
      latest.current.onReady(null);
      map.remove();
      mapRef.current = null;
    };
  }, []);

  // Tiles, and saying so when they fail: a round of loading with any error counts as failed.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    let errors = 0;
    const layer = L.tileLayer(tileUrl, { attribution: attributionHtml(attribution), maxZoom: 19 })
      .on("loading", () => {
        errors = 0;
      })
      .on("tileerror", () => {
        errors += 1;
        latest.current.onTilesFailed(true);
      })
      .on("load", () => latest.current.onTilesFailed(errors > 0))
      .addTo(map);
    return () => {
      layer.remove();
    };
  }, [tileUrl, attribution]);

  // Markers, the day's line and the other days' stops; fitted to the day when it changes.
  const key = `${viewKey(view)}|${routes.length > 0}`;
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const { stops, others, fallback, route, cities, stays, ideas } = latest.current.view;
    const layers = L.layerGroup().addTo(map);
    // The cities in order, dashed and faint under the day; the day's own cities ringed.
    if (route.length > 1)
      L.polyline(
        route.map((c) => [c.lat, c.lng] as L.LatLngTuple),
        { color: "#334155", weight: 2, opacity: 0.6, dashArray: "6 6", interactive: false },
      ).addTo(layers);
    for (const city of route)
      L.circleMarker([city.lat, city.lng], {
        radius: cities.some((c) => c.name === city.name) ? 9 : 6,
        color: "#334155",
        weight: 2,
        fillColor: "#ffffff",
        fillOpacity: 0.9,
        interactive: false,
      }).addTo(layers);
    for (const stay of stays) {
      const label = stayLabel(stay);
      const marker = L.marker([stay.lat, stay.lng], {
        icon: L.divIcon({
          className: "trip-map-stay",
          html: '<span aria-hidden="true">⌂</span>',
          iconSize: [26, 26],
          iconAnchor: [13, 13],
        }),
        keyboard: false,
        title: label,
        alt: label,
      }).addTo(layers);
      const element = marker.getElement();
      if (element) {
        element.setAttribute("role", "img");
        element.setAttribute("aria-label", label);
      }
    }
    for (const idea of ideas) {
      const label = ideaLabel(idea);
      const marker = L.marker([idea.lat, idea.lng], {
        icon: L.divIcon({
          className: "trip-map-idea",
          html: '<span aria-hidden="true">★</span>',
          iconSize: [24, 24],
          iconAnchor: [12, 12],
        }),
        keyboard: false,
        title: label,
        alt: label,
      }).addTo(layers);
      const element = marker.getElement();
      if (element) {
        element.setAttribute("role", "img");
        element.setAttribute("aria-label", label);
      }
    }
    for (const other of others) {
      L.circleMarker([other.lat, other.lng], {
        radius: 5,
        color: "#475569",
        weight: 1,
        opacity: 0.5,
        fillColor: "#94a3b8",
        fillOpacity: 0.35,
        interactive: false,
      }).addTo(layers);
    }
    if (stops.length > 1 && latest.current.routes.length === 0) {
      L.polyline(
        stops.map((s) => [s.lat, s.lng] as L.LatLngTuple),
        { color: BRAND, weight: 3, opacity: 0.8, interactive: false },
      ).addTo(layers);
    }
    const markers = markersRef.current;
    markers.clear();
    const offsets = markerOffsets(stops);
    stops.forEach((stop, index) => {
      const label = stopLabel(stop);
      const [dx, dy] = offsets[index] ?? [0, 0];
      const marker = L.marker([stop.lat, stop.lng], {
        icon: L.divIcon({
          className: "trip-map-marker",
          html: `<span aria-hidden="true">${stop.number}</span>`,
          iconSize: [30, 30],
          // Stops at one spot sit side by side around it (markerOffsets), none hidden.
          iconAnchor: [15 - dx, 15 - dy],
        }),
        keyboard: true,
        title: label,
        alt: label,
        riseOnHover: true,
      });
      marker.on("click", () => latest.current.onSelect(stop.id));
      marker.addTo(layers);
      const element = marker.getElement();
      if (element) {
        // A div icon is named by its content (the bare number); the activity's name is the label.
        element.setAttribute("aria-label", label);
        element.dataset.activityId = stop.id;
        element.addEventListener("keydown", (event) => {
          if (event.key !== "Enter" && event.key !== " ") return;
          event.preventDefault();
          latest.current.onSelect(stop.id);
        });
      }
      markers.set(stop.id, marker);
    });
    if (stops.length > 1) {
      map.fitBounds(L.latLngBounds(stops.map((s) => [s.lat, s.lng] as L.LatLngTuple)), {
        padding: [36, 36],
        maxZoom: 16,
      });
    } else if (stops[0]) {
      map.setView([stops[0].lat, stops[0].lng], 15);
    } else if (fallback && cities.length < 2) {
      map.setView([fallback.lat, fallback.lng], 12);
    } else if (cities.length > 1) {
      map.fitBounds(L.latLngBounds(cities.map((c) => [c.lat, c.lng] as L.LatLngTuple)), {
        padding: [36, 36],
      });
    } else {
      map.setView(WORLD, 2);
    }
    return () => {
      markers.clear();
      layers.remove();
    };
  }, [key]);

  // The day's route under the markers: each stretch styled by how it is travelled.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || routes.length === 0) return;
    const layers = L.layerGroup().addTo(map);
    for (const stroke of routes) {
      const style = STROKE_STYLES[stroke.kind];
      L.polyline(
        stroke.points.map((p) => [p.lat, p.lng] as L.LatLngTuple),
        {
          ...style,
          color: stroke.color ?? style.color,
          className: `trip-route trip-route-${stroke.kind}`,
          interactive: false,
        },
      ).addTo(layers);
    }
    return () => {
      layers.remove();
    };
  }, [routes]);

  // The selected marker stands out (and comes into view when it was picked in the list).
  useEffect(() => {
    for (const [id, marker] of markersRef.current) {
      const element = marker.getElement();
      const selected = id === selectedId;
      element?.classList.toggle("is-selected", selected);
      if (selected) element?.setAttribute("aria-current", "true");
      else element?.removeAttribute("aria-current");
      marker.setZIndexOffset(selected ? 1000 : 0);
    }
  }, [selectedId, key]);
  useEffect(() => {
    const marker = selectedId ? markersRef.current.get(selectedId) : undefined;
    if (panRequest > 0 && marker)
      mapRef.current?.panInside(marker.getLatLng(), { padding: [40, 40] });
    // Only a new request from the list pans; a click on the marker itself must not move the map.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [panRequest]);

  useEffect(() => {
    containerRef.current?.classList.toggle("is-picking", picking);
  }, [picking]);

  return <div ref={containerRef} className="trip-map-canvas" />;
}
