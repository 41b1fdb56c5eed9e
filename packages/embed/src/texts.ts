// The elements' texts in the app's five languages (the app's catalogue rule:
// English keys are the reference). The element's language is its `language`
// attribute, else the host page's `lang`, else the browser's, else English.
import { interpolate, LANGS, defineTexts, type Lang } from '@locus/planner-app/i18n/define';

export const embedTexts = defineTexts({
  en: {
    embedReport: 'Location report',
    embedSignInNeededReport: 'Sign in to see this report.',
    embedUnknownSubmodel: 'The model has no sub-model {submodel}.',
    embedNotCalculated: 'Scenario {scenario} is not calculated yet.',
    embedUnknownLayer: 'The map has no layer "{layer}".',
    embedChooseLocation: 'Choose a location to see its report.',
    embedMap: 'Location map',
    embedMapLocations: 'Locations on the map',
    embedSignIn: 'Sign in to Locus',
    embedSignInNeeded: 'Sign in to see this map.',
    embedLoading: 'Loading…',
    embedUnavailable: 'Locus cannot be reached at {server}.',
    embedNoAccess: 'You have no access to this model or scenario.',
    embedUnknownLocation: 'Location {location} is not in this scenario.',
    embedUnknownModel: 'There is no model {model} that you may see.',
    embedNoScenario: 'The model has no scenario {scenario} that you may see.',
    embedFailed: 'Locus answered with an error ({status}).',
  },
  nl: {
    embedReport: 'Vestigingsrapport',
    embedSignInNeededReport: 'Meld u aan om dit rapport te zien.',
    embedUnknownSubmodel: 'Het model heeft geen submodel {submodel}.',
    embedNotCalculated: 'Scenario {scenario} is nog niet berekend.',
    embedUnknownLayer: 'De kaart heeft geen laag "{layer}".',
    embedChooseLocation: 'Kies een vestiging om het rapport te zien.',
    embedMap: 'Vestigingenkaart',
    embedMapLocations: 'Vestigingen op de kaart',
    embedSignIn: 'Aanmelden bij Locus',
    embedSignInNeeded: 'Meld u aan om deze kaart te zien.',
    embedLoading: 'Laden…',
    embedUnavailable: 'Locus is niet bereikbaar op {server}.',
    embedNoAccess: 'U hebt geen toegang tot dit model of scenario.',
    embedUnknownLocation: 'Vestiging {location} zit niet in dit scenario.',
    embedUnknownModel: 'Er is geen model {model} dat u mag zien.',
    embedNoScenario: 'Het model heeft geen scenario {scenario} dat u mag zien.',
    embedFailed: 'Locus antwoordde met een fout ({status}).',
  },
  de: {
    embedReport: 'Standortbericht',
    embedSignInNeededReport: 'Melden Sie sich an, um diesen Bericht zu sehen.',
    embedUnknownSubmodel: 'Das Modell hat kein Teilmodell {submodel}.',
    embedNotCalculated: 'Szenario {scenario} ist noch nicht berechnet.',
    embedUnknownLayer: 'Die Karte hat keine Ebene „{layer}“.',
    embedChooseLocation: 'Wählen Sie einen Standort, um seinen Bericht zu sehen.',
    embedMap: 'Standortkarte',
    embedMapLocations: 'Standorte auf der Karte',
    embedSignIn: 'Bei Locus anmelden',
    embedSignInNeeded: 'Melden Sie sich an, um diese Karte zu sehen.',
    embedLoading: 'Wird geladen…',
    embedUnavailable: 'Locus ist unter {server} nicht erreichbar.',
    embedNoAccess: 'Sie haben keinen Zugriff auf dieses Modell oder Szenario.',
    embedUnknownLocation: 'Standort {location} ist nicht in diesem Szenario.',
    embedUnknownModel: 'Es gibt kein Modell {model}, das Sie sehen dürfen.',
    embedNoScenario: 'Das Modell hat kein Szenario {scenario}, das Sie sehen dürfen.',
    embedFailed: 'Locus hat mit einem Fehler geantwortet ({status}).',
  },
  es: {
    embedReport: 'Informe de ubicación',
    embedSignInNeededReport: 'Inicie sesión para ver este informe.',
    embedUnknownSubmodel: 'El modelo no tiene ningún submodelo {submodel}.',
    embedNotCalculated: 'El escenario {scenario} aún no está calculado.',
    embedUnknownLayer: 'El mapa no tiene ninguna capa «{layer}».',
    embedChooseLocation: 'Elija una ubicación para ver su informe.',
    embedMap: 'Mapa de ubicaciones',
    embedMapLocations: 'Ubicaciones en el mapa',
    embedSignIn: 'Iniciar sesión en Locus',
    embedSignInNeeded: 'Inicie sesión para ver este mapa.',
    embedLoading: 'Cargando…',
    embedUnavailable: 'No se puede conectar con Locus en {server}.',
    embedNoAccess: 'No tiene acceso a este modelo o escenario.',
    embedUnknownLocation: 'La ubicación {location} no está en este escenario.',
    embedUnknownModel: 'No hay ningún modelo {model} que pueda ver.',
    embedNoScenario: 'El modelo no tiene ningún escenario {scenario} que pueda ver.',
    embedFailed: 'Locus respondió con un error ({status}).',
  },
  fr: {
    embedReport: 'Rapport du site',
    embedSignInNeededReport: 'Connectez-vous pour voir ce rapport.',
    embedUnknownSubmodel: 'Le modèle n’a aucun sous-modèle {submodel}.',
    embedNotCalculated: 'Le scénario {scenario} n’est pas encore calculé.',
    embedUnknownLayer: 'La carte n’a aucune couche « {layer} ».',
    embedChooseLocation: 'Choisissez un site pour voir son rapport.',
    embedMap: 'Carte des sites',
    embedMapLocations: 'Sites sur la carte',
    embedSignIn: 'Se connecter à Locus',
    embedSignInNeeded: 'Connectez-vous pour voir cette carte.',
    embedLoading: 'Chargement…',
    embedUnavailable: 'Locus est injoignable à {server}.',
    embedNoAccess: 'Vous n’avez pas accès à ce modèle ou scénario.',
    embedUnknownLocation: 'Le site {location} ne fait pas partie de ce scénario.',
    embedUnknownModel: 'Aucun modèle {model} que vous pouvez voir.',
    embedNoScenario: 'Le modèle n’a aucun scénario {scenario} que vous pouvez voir.',
    embedFailed: 'Locus a répondu par une erreur ({status}).',
  },
});

export type EmbedTextKey = keyof (typeof embedTexts)['en'];

/** The element's language: its attribute, else the nearest `lang` of the page, else the browser's, else English. */
export function elementLanguage(
  element: Element,
  attribute: string | null | undefined,
  languages: readonly string[] = navigator.languages ?? [navigator.language],
): Lang {
  const candidates = [attribute, element.closest('[lang]')?.getAttribute('lang'), ...languages];
  for (const tag of candidates) {
    const base = (tag ?? '').toLowerCase().split('-')[0] as Lang;
    if (LANGS.includes(base)) return base;
  }
  return 'en';
}

export function embedText(lang: Lang, key: EmbedTextKey, vars?: Record<string, string | number>): string {
  return interpolate(embedTexts[lang][key], vars);
}
