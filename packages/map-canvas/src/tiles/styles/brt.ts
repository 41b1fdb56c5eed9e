// The style of the Dutch BRT-Achtergrondkaart (Kadaster, through PDOK's OGC API Tiles): its layers
// are named after the TOP10NL object classes with the geometry as suffix (waterdeel_vlak,
// wegdeel_lijn, gebouw_vlak, spoorbaandeel_lijn, terrein_vlak, ...), so sources are matched by the
// class name as a prefix; road classes by `typeweg` (or the classes' visualisation code families),
// land use by `typelandgebruik`; names by `naam`/`straatnaam` and their variants. Where a class is
// not recognised the feature is drawn as the calm default of its kind (a minor road, open land).
import { CALM, roadLayers, type VectorStyle } from '../vector-style.js';

const ROADS = ['wegdeel*', 'weg_*', 'wegen*'];

export const brtStyle: VectorStyle = {
  name: 'brt',
  background: CALM.land,
  layers: [
    {
      id: 'built-up',
      type: 'fill',
      source: ['terrein*', 'functioneel_gebied*'],
      filter: { typelandgebruik: ['bebouwd*', 'bedrijf*', 'overig*'] },
      color: CALM.residential,
    },
    {
      id: 'farmland',
      type: 'fill',
      source: ['terrein*'],
      filter: { typelandgebruik: ['akker*', 'boomgaard*', 'boomkwekerij*', 'fruitkwekerij*'] },
      color: CALM.farmland,
    },
    {
      id: 'grass',
      type: 'fill',
      source: ['terrein*'],
      filter: { typelandgebruik: ['grasland*', 'park*', 'sportterrein*', 'begraafplaats*', 'heide*'] },
      color: CALM.park,
    },
    {
      id: 'forest',
      type: 'fill',
      source: ['terrein*'],
      filter: { typelandgebruik: ['bos*', 'loofbos*', 'naaldbos*', 'gemengd bos*', 'populieren*'] },
      color: CALM.forest,
    },
    { id: 'water', type: 'fill', source: ['waterdeel*', 'water_*'], color: CALM.water },
    {
      id: 'water-lines',
      type: 'line',
      source: ['waterdeel*', 'water_*'],
      color: CALM.waterLine,
      width: [
        [12, 0.8],
        [16, 2.5],
      ],
    },
    { id: 'buildings', type: 'fill', source: ['gebouw*', 'pand*'], minZoom: 15, color: CALM.building, outline: CALM.buildingOutline },
    ...roadLayers(
      ROADS,
      [
        {
          id: 'road-minor',
          filter: {},
          exclude: { typeweg: ['regionale weg*', 'hoofdweg*', 'autosnelweg*', 'snelweg*'] },
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
          id: 'road-regional',
          filter: { typeweg: ['regionale weg*', 'hoofdweg*'] },
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
          filter: { typeweg: ['autosnelweg*', 'snelweg*'] },
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
      {},
    ),
    {
      id: 'rail',
      type: 'line',
      source: ['spoorbaandeel*', 'spoor*'],
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
      source: ['plaats*', 'registratief_gebied*', 'label*', 'plaatsnaam*', 'woonplaats*'],
      text: ['naam', 'naamnl', 'naamofficieel', 'name', 'label', 'tekst'],
      size: [
        [7, 11],
        [12, 13],
        [16, 15],
      ],
      color: CALM.placeText,
      priority: 0,
      rankBy: '-aantalinwoners',
      bold: true,
    },
    {
      id: 'water-labels',
      type: 'label',
      kind: 'water',
      source: ['waterdeel*'],
      minZoom: 12,
      text: ['naam', 'naamnl', 'name'],
      size: 11,
      color: CALM.waterText,
      priority: 2,
    },
    {
      id: 'street-labels',
      type: 'label',
      kind: 'street',
      source: ['straatnaam*', ...ROADS],
      minZoom: 14,
      text: ['straatnaam', 'straatnaamnl', 'naam', 'name', 'tekst', 'label'],
      size: [
        [14, 10.5],
        [17, 12],
      ],
      color: CALM.streetText,
      priority: 1,
    },
  ],
};
