// Synthetic points of interest near the real places: railway stations in
// towns of 12,000 or more, primary schools (one per 3,500 inhabitants), car
// parks in towns of 30,000 or more and GP practices (one per 4,000).
import type { Geography } from './geography.js';
import { countFor, type Placer } from './placement.js';
import type { Random } from './random.js';

export interface DemoPoi {
  name: string;
  latitude: number;
  longitude: number;
}

export interface DemoPois {
  stations: DemoPoi[];
  schools: DemoPoi[];
  parking: DemoPoi[];
  gpPractices: DemoPoi[];
}

const QUARTERS = ['Noord', 'Zuid', 'Oost', 'West', 'Centrum'];
const SCHOOLS = [
  'Basisschool De Regenboog',
  'Basisschool De Wegwijzer',
  'Basisschool Het Kompas',
  'Basisschool De Springplank',
  'Basisschool De Vlinder',
  'Basisschool De Fontein',
  'Basisschool Het Palet',
  'Basisschool De Klimop',
  'Basisschool De Zonnewijzer',
  'Basisschool De Tweemaster',
  'Oranje Nassauschool',
  'Sint Jozefschool',
  'Basisschool De Boomgaard',
  'Basisschool Het Anker',
  'Basisschool De Ontdekking',
  'Montessorischool',
];
const SURNAMES = [
  'De Jong',
  'Jansen',
  'De Vries',
  'Van den Berg',
  'Bakker',
  'Visser',
  'Smit',
  'Meijer',
  'Mulder',
  'De Boer',
  'Bos',
  'Vos',
  'Peters',
  'Hendriks',
  'Dekker',
  'Brouwer',
  'Kok',
  'Jacobs',
  'Vermeulen',
  'Van Dijk',
];

export function pointsOfInterest(geo: Geography, placer: Placer, random: Random): DemoPois {
  const pois: DemoPois = { stations: [], schools: [], parking: [], gpPractices: [] };
  const add = (list: DemoPoi[], name: string, [longitude, latitude]: [number, number]) => list.push({ name, latitude, longitude });
  for (const place of geo.places) {
    if (place.population >= 12_000) {
      const n = 1 + Math.floor(place.population / 150_000);
      for (let k = 0; k < n; k++)
        add(
          pois.stations,
          k === 0 ? `Station ${place.name}` : `Station ${place.name} ${QUARTERS[(k - 1) % QUARTERS.length]}`,
          k === 0 ? placer.at(place) : placer.near(place, 3),
        );
    }
    const schools = countFor(place.population / 3500, random);
    const first = random.int(0, SCHOOLS.length - 1);
    for (let k = 0; k < schools; k++) {
      const name = `${SCHOOLS[(first + k) % SCHOOLS.length]}${k >= SCHOOLS.length ? ` ${Math.floor(k / SCHOOLS.length) + 1}` : ''}, ${place.name}`;
      add(pois.schools, name, placer.near(place, 2));
    }
    if (place.population >= 30_000) {
      const n = Math.max(1, Math.round(place.population / 25_000));
      for (let k = 0; k < n; k++)
        add(
          pois.parking,
          `Parkeergarage ${place.name} ${QUARTERS[k % QUARTERS.length]}${k >= QUARTERS.length ? ` ${Math.floor(k / QUARTERS.length) + 1}` : ''}`,
          placer.near(place, 1.5),
        );
    }
    const practices = countFor(place.population / 4000, random);
    for (let k = 0; k < practices; k++) add(pois.gpPractices, `GP practice ${random.pick(SURNAMES)}, ${place.name}`, placer.near(place, 2));
  }
  return pois;
}
