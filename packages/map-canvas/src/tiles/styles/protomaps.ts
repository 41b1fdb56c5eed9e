// The style of the Protomaps basemap schema (layers earth, water, landuse, landcover, roads,
// transit, buildings, places; classes in `kind`, names in `name:nl` or `name`). Its builds are the
// usual source of a PMTiles archive for an offline install (see docs/install.md).
import { CALM, roadLayers, type VectorStyle } from '../vector-style.js';

const NAME = ['name:nl', 'name'];

export const protomapsStyle: VectorStyle = {
  name: 'protomaps',
  // Earth polygons hold the land; the tile's background is the sea.
  background: CALM.water,
  layers: [
    { id: 'earth', type: 'fill', source: ['earth'], color: CALM.land },
    {
      id: 'residential',
      type: 'fill',
      source: ['landuse'],
      filter: { kind: ['residential', 'neighbourhood', 'commercial', 'retail', 'pedestrian'] },
      color: CALM.residential,
    },
    { id: 'industrial', type: 'fill', source: ['landuse'], filter: { kind: ['industrial', 'railway', 'military'] }, color: CALM.industrial },
    { id: 'farmland', type: 'fill', source: ['landuse', 'landcover'], filter: { kind: ['farmland', 'orchard', 'allotments'] }, color: CALM.farmland },
    {
      id: 'grass',
      type: 'fill',
      source: ['landuse', 'landcover'],
      filter: { kind: ['park', 'grass', 'grassland', 'cemetery', 'golf_course', 'pitch', 'playground', 'garden', 'meadow'] },
      color: CALM.park,
    },
    { id: 'forest', type: 'fill', source: ['landuse', 'landcover'], filter: { kind: ['wood', 'forest', 'nature_reserve'] }, color: CALM.forest },
    { id: 'water', type: 'fill', source: ['water'], color: CALM.water },
    {
      id: 'waterways',
      type: 'line',
      source: ['water'],
      color: CALM.waterLine,
      width: [
        [10, 0.6],
        [14, 1.5],
        [17, 4],
      ],
    },
    { id: 'buildings', type: 'fill', source: ['buildings'], minZoom: 15, color: CALM.building, outline: CALM.buildingOutline },
    { id: 'paths', type: 'line', source: ['roads'], filter: { kind: ['path'] }, minZoom: 15, color: CALM.path, width: 1, dash: [3, 2] },
    ...roadLayers(
      ['roads'],
      [
        {
          id: 'road-other',
          filter: { kind: ['other'] },
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
          filter: { kind: ['minor_road'] },
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
          id: 'road-medium',
          filter: { kind: ['medium_road'] },
          minZoom: 10,
          color: CALM.minor,
          casing: CALM.majorCasing,
          width: [
            [10, 0.6],
            [12, 1.2],
            [14, 3],
            [16, 7],
            [18, 15],
          ],
        },
        {
          id: 'road-major',
          filter: { kind: ['major_road'] },
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
          id: 'road-highway',
          filter: { kind: ['highway'] },
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
      { exclude: { is_tunnel: ['true', 1] } },
    ),
    {
      id: 'rail',
      type: 'line',
      source: ['roads', 'transit'],
      filter: { kind: ['rail'] },
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
      source: ['places'],
      filter: { kind: ['locality', 'neighbourhood', 'macrohood'] },
      text: NAME,
      size: [
        [7, 11],
        [12, 13],
        [16, 15],
      ],
      color: CALM.placeText,
      priority: 0,
      rankBy: '-population_rank',
      bold: true,
    },
    {
      id: 'street-labels',
      type: 'label',
      kind: 'street',
      source: ['roads'],
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
