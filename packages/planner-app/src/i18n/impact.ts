// Texts of the what-if answer: the base scenario calculated by the server,
// the scenario report's totals, the Impact section of the right drawer and
// its map layer, Save and calculate, and the conflict messages of a location
// or scenario changed or deleted elsewhere.
import { defineTexts } from './define';

export const impactTexts = defineTexts({
  en: {
    impactSymbolScale: 'Circle area shows the size of the change; the largest circle: {value}',
    baseNotCalculated: 'The base scenario is not calculated yet, so there is nothing to compare with.',
    baseCalculating: 'The base scenario is being calculated; the impact follows when it is done.',
    reportTotalShown: 'Total of the {count} shown',
    reportMoreRows: 'and {count} more',
    reportTotalAll: 'Total of all {count} affected',
  },
  nl: {
    impactSymbolScale: 'De oppervlakte van een cirkel toont de grootte van de verandering; de grootste cirkel: {value}',
    baseNotCalculated: 'Het basisscenario is nog niet berekend, dus er is niets om mee te vergelijken.',
    baseCalculating: 'Het basisscenario wordt berekend; de impact volgt zodra dat klaar is.',
    reportTotalShown: 'Totaal van de {count} getoonde',
    reportMoreRows: 'en {count} meer',
    reportTotalAll: 'Totaal van alle {count} beïnvloede',
  },
  de: {
    impactSymbolScale: 'Die Kreisfläche zeigt die Größe der Änderung; der größte Kreis: {value}',
    baseNotCalculated: 'Das Basisszenario ist noch nicht berechnet; es gibt nichts zum Vergleichen.',
    baseCalculating: 'Das Basisszenario wird berechnet; die Auswirkung folgt, sobald es fertig ist.',
    reportTotalShown: 'Summe der {count} gezeigten',
    reportMoreRows: 'und {count} weitere',
    reportTotalAll: 'Summe aller {count} betroffenen',
  },
  es: {
    impactSymbolScale: 'El área del círculo muestra el tamaño del cambio; el círculo mayor: {value}',
    baseNotCalculated: 'El escenario base aún no está calculado; no hay nada con qué comparar.',
    baseCalculating: 'Se está calculando el escenario base; el impacto aparecerá cuando termine.',
    reportTotalShown: 'Total de los {count} mostrados',
    reportMoreRows: 'y {count} más',
    reportTotalAll: 'Total de los {count} afectados',
  },
  fr: {
    impactSymbolScale: 'La surface du cercle montre l’ampleur du changement ; le plus grand cercle : {value}',
    baseNotCalculated: 'Le scénario de base n’est pas encore calculé : il n’y a rien à comparer.',
    baseCalculating: 'Le scénario de base est en cours de calcul ; l’impact suivra dès qu’il sera prêt.',
    reportTotalShown: 'Total des {count} affichés',
    reportMoreRows: 'et {count} de plus',
    reportTotalAll: 'Total des {count} concernés',
  },
});
