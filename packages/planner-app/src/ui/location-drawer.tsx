// The left drawer: the selected location's name, photo (when the model has
// displayLocationPhoto) and its properties flagged viewLocation, in sections.
// Visibility 1 shows no information.
import { LocationVisibility } from '@locus/contract';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { TriangleAlert } from 'lucide-react';
import { drawerSections, formatPropertyValue, rangeColorOf } from '../format/property';
import { outsideRange, rangeText } from '../format/range';
import { language, t } from '../i18n';
import { api } from '../stores/api';
import { locationDetail, locationDetailLoading, selectedLocation, selectedLocationId } from '../stores/locations';
import { model } from '../stores/models';
import { selectLocation } from '../stores/planner';
import { Drawer } from './drawer';

function LocationPhoto({ locationId, name }: { locationId: number; name: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let alive = true;
    setSrc(null);
    api
      // Asked only for a location that has a photo (hasPhoto): a failure is no business of the planner's.
      .blob('locationPhoto', { params: { locationId }, expected: () => true })
      .then((blob) => {
        if (!alive) return;
        url = URL.createObjectURL(blob);
        setSrc(url);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [locationId]);
  if (!src) return null;
  return <img className="location-photo" src={src} alt={t('photoOf', { name })} />;
}

/** A warning beside a stored value outside its property's range (a value imported before the range was set). */
export function OutsideRangeFlag({ property, withText = false }: { property: Parameters<typeof rangeText>[0]; withText?: boolean }) {
  const range = rangeText(property, language.value);
  const text = range ? `${t('outsideRange')} (${range})` : t('outsideRange');
  if (withText)
    return (
      <span className="outside-range">
        {' '}
        <TriangleAlert size={12} aria-hidden="true" /> {text}
      </span>
    );
  return (
    <span className="outside-range" role="img" aria-label={text} title={text}>
      <TriangleAlert size={14} aria-hidden="true" />
    </span>
  );
}

export function LocationDrawer({ actions }: { actions?: ReactNode }) {
  useSignals();
  const summary = selectedLocation.value;
  const detail = locationDetail.value;
  const m = model.value;
  const open = selectedLocationId.value !== null;
  const name = detail?.name ?? summary?.name ?? '';
  const noInformation = (detail?.visibility ?? summary?.visibility) === LocationVisibility.noInformation;
  const ctx = { lang: language.value, currency: m?.currency ?? 'EUR', yes: t('yesValue'), no: t('noValue') };
  const heading = useRef<HTMLHeadingElement>(null);
  const id = selectedLocationId.value;
  // After a selection the keyboard continues in the drawer: focus moves to its heading (not while a dialog has it).
  useEffect(() => {
    if (id === null) return;
    const frame = requestAnimationFrame(() => {
      if (document.activeElement?.closest('[role="dialog"], dialog, [role="alertdialog"], [popover]')) return;
      heading.current?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [id]);

  return (
    <Drawer side="left" label={t('locationDrawer')} open={open} onClose={() => void selectLocation(null)}>
      <h2 className="drawer-title" tabIndex={-1} ref={heading}>
        {name}
      </h2>
      {detail && (detail.locationGroup || detail.locationCluster) && (
        <p className="drawer-subtitle">{[detail.locationGroup, detail.locationCluster].filter(Boolean).join(' · ')}</p>
      )}
      {actions}
      {locationDetailLoading.value && !detail && (
        <p className="muted" role="status">
          {t('loading')}
        </p>
      )}
      {noInformation && <p className="muted">{t('noInformation')}</p>}
      {!noInformation && detail && m?.displayLocationPhoto && detail.hasPhoto && <LocationPhoto locationId={detail.id} name={detail.name} />}
      {!noInformation &&
        detail &&
        drawerSections(detail.locationProperties).map((section) => (
          <section key={section.name} className={`property-section ${section.secondary ? 'secondary' : ''}`}>
            {section.title && <h3>{section.title}</h3>}
            <dl className="properties">
              {section.properties.map((p) => {
                const color = rangeColorOf(p);
                return (
                  <div key={p.id} className="property">
                    <dt title={p.description ?? undefined}>{p.title ?? p.name}</dt>
                    <dd>
                      {color && <span className="range-swatch" style={{ background: color }} aria-hidden="true" />}
                      {formatPropertyValue(p, ctx)}
                      {p.label && <span className="unit"> {p.label}</span>}
                      {outsideRange(p, p.numberValue) && <OutsideRangeFlag property={p} />}
                    </dd>
                  </div>
                );
              })}
            </dl>
          </section>
        ))}
    </Drawer>
  );
}
