// Texts of the map itself: the search's result details, the hover card, the
// legend's map entries and the keyboard aids (skip links, placing tool).
import { defineTexts } from './define';

export const mapTexts = defineTexts({
  en: {
    searchMore: 'Show {count} more',
    searchWhere: 'near {place}',
    searchNothing: 'Nothing found.',
  },
  nl: {
    searchMore: 'Nog {count} tonen',
    searchWhere: 'bij {place}',
    searchNothing: 'Niets gevonden.',
  },
  de: {
    searchMore: '{count} weitere anzeigen',
    searchWhere: 'bei {place}',
    searchNothing: 'Nichts gefunden.',
  },
  es: {
    searchMore: 'Mostrar {count} más',
    searchWhere: 'cerca de {place}',
    searchNothing: 'No se encontró nada.',
  },
  fr: {
    searchMore: 'Afficher {count} de plus',
    searchWhere: 'près de {place}',
    searchNothing: 'Rien trouvé.',
  },
});
