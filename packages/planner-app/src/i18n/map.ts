// Texts of the map itself: the search's result details and the keyboard aids
// (skip links).
import { defineTexts } from './define';

export const mapTexts = defineTexts({
  en: {
    skipLinks: 'Skip links',
    skipToMap: 'Skip to the map',
    skipToToolbar: 'Skip to the toolbar',
    skipToLocationDrawer: 'Skip to the location drawer',
    skipToOutputDrawer: 'Skip to the output drawer',
    searchMore: 'Show {count} more',
    searchWhere: 'near {place}',
    searchNothing: 'Nothing found.',
  },
  nl: {
    skipLinks: 'Snelkoppelingen',
    skipToMap: 'Naar de kaart',
    skipToToolbar: 'Naar de werkbalk',
    skipToLocationDrawer: 'Naar het locatiepaneel',
    skipToOutputDrawer: 'Naar het uitkomstpaneel',
    searchMore: 'Nog {count} tonen',
    searchWhere: 'bij {place}',
    searchNothing: 'Niets gevonden.',
  },
  de: {
    skipLinks: 'Sprunglinks',
    skipToMap: 'Zur Karte',
    skipToToolbar: 'Zur Werkzeugleiste',
    skipToLocationDrawer: 'Zum Standortbereich',
    skipToOutputDrawer: 'Zum Ergebnisbereich',
    searchMore: '{count} weitere anzeigen',
    searchWhere: 'bei {place}',
    searchNothing: 'Nichts gefunden.',
  },
  es: {
    skipLinks: 'Enlaces de salto',
    skipToMap: 'Ir al mapa',
    skipToToolbar: 'Ir a la barra de herramientas',
    skipToLocationDrawer: 'Ir al panel de la ubicación',
    skipToOutputDrawer: 'Ir al panel de resultados',
    searchMore: 'Mostrar {count} más',
    searchWhere: 'cerca de {place}',
    searchNothing: 'No se encontró nada.',
  },
  fr: {
    skipLinks: 'Liens d’évitement',
    skipToMap: 'Aller à la carte',
    skipToToolbar: 'Aller à la barre d’outils',
    skipToLocationDrawer: 'Aller au panneau de l’emplacement',
    skipToOutputDrawer: 'Aller au panneau des résultats',
    searchMore: 'Afficher {count} de plus',
    searchWhere: 'près de {place}',
    searchNothing: 'Rien trouvé.',
  },
});
