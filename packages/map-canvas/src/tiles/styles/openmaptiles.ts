// The style of the OpenMapTiles schema (layers water, waterway, landuse, landcover, park,
// transportation, building, place, transportation_name, water_name; classes in `class`, names in
// `name:nl`, `name_nl`, `name`).
import { CALM, roadLayers, type VectorStyle } from '../vector-style.js';

const NAME = ['name:nl', 'name_nl', 'name:latin', 'name'];

export const openMapTilesStyle: VectorStyle = {
  name: 'openmaptiles',
  background: CALM.land,
  layers: [
    {
      id: 'residential',
      type: 'fill',
      source: ['landuse'],
      filter: { class: ['residential', 'suburb', 'neighbourhood', 'commercial', 'retail'] },
      color: CALM.residential,
    },
    { id: 'industrial', type: 'fill', source: ['landuse'], filter: { class: ['industrial', 'railway', 'garages'] }, color: CALM.industrial },
    { id: 'farmland', type: 'fill', source: ['landcover'], filter: { class: ['farmland'] }, color: CALM.farmland },
    {
      id: 'grass',
      type: 'fill',
      source: ['landcover', 'landuse'],
      filter: { class: ['grass', 'cemetery', 'pitch', 'playground', 'stadium'] },
      color: CALM.park,
    },
    { id: 'park', type: 'fill', source: ['park'], color: CALM.park },
    { id: 'forest', type: 'fill', source: ['landcover'], filter: { class: ['wood', 'forest'] }, color: CALM.forest },
    { id: 'water', type: 'fill', source: ['water'], color: CALM.water },
    {
      id: 'waterways',
      type: 'line',
      source: ['waterway'],
      color: CALM.waterLine,
      width: [
        [10, 0.6],
        [14, 1.5],
        [17, 4],
      ],
    },
    { id: 'buildings', type: 'fill', source: ['building'], minZoom: 15, color: CALM.building, outline: CALM.buildingOutline },
    { id: 'paths', type: 'line', source: ['transportation'], filter: { class: ['path', 'track'] }, minZoom: 15, color: CALM.path, width: 1, dash: [3, 2] },
    ...roadLayers(
      ['transportation'],
      [
        {
          id: 'road-service',
          filter: { class: ['service'] },
          minZoom: 14,
          color: CALM.minor,
          casing: CALM.minorCasing,
          width: [
            [14, 1],
            [16, 3],
            [18, 8],
          ],
        },
        {
          id: 'road-minor',
          filter: { class: ['minor', 'tertiary', 'raceway', 'busway'] },
          minZoom: 12,
          color: CALM.minor,
          casing: CALM.minorCasing,
          width: [
            [12, 0.6],
            [14, 2],
            [16, 6],
            [18, 14],
          ],
        },
        {
          id: 'road-major',
          filter: { class: ['primary', 'secondary', 'trunk'] },
          color: CALM.major,
          casing: CALM.majorCasing,
          width: [
            [8, 0.6],
            [12, 1.6],
            [14, 3.5],
            [16, 8],
            [18, 16],
          ],
        },
        {
          id: 'road-motorway',
          filter: { class: ['motorway'] },
          color: CALM.motorway,
          casing: CALM.motorwayCasing,
          width: [
            [6, 0.8],
            [10, 1.6],
            [12, 2.4],
            [14, 4.5],
            [16, 9],
            [18, 18],
          ],
        },
      ],
      { exclude: { brunnel: ['tunnel'] } },
    ),
    {
      id: 'rail',
      type: 'line',
      source: ['transportation'],
      filter: { class: ['rail', 'transit'] },
      minZoom: 9,
      color: CALM.rail,
      width: [
        [10, 0.8],
        [16, 1.6],
      ],
      dash: [4, 3],
    },
    {
      id: 'place-labels',
      type: 'label',
      kind: 'place',
      source: ['place'],
      filter: { class: ['city', 'town', 'village', 'suburb', 'hamlet', 'neighbourhood', 'quarter'] },
      text: NAME,
      size: [
        [7, 11],
        [12, 13],
        [16, 15],
      ],
      color: CALM.placeText,
      priority: 0,
      rankBy: 'rank',
      bold: true,
    },
    { id: 'water-labels', type: 'label', kind: 'water', source: ['water_name'], text: NAME, size: 11, color: CALM.waterText, priority: 2 },
    {
      id: 'street-labels',
      type: 'label',
      kind: 'street',
      source: ['transportation_name'],
      minZoom: 14,
      text: NAME,
      size: [
        [14, 10.5],
        [17, 12],
      ],
      color: CALM.streetText,
      priority: 1,
    },
  ],
};
