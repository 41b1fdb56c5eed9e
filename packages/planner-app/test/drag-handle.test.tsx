// The drawers' drag handle (one component for the planner's drawers and the
// admin layout): the arrow keys step the width, a drag moves only the drawer's
// box until release, every width stays within the drawer's clamp, and a
// smaller window clamps the width again.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { installDom } from './dom';
installDom();
import { within } from '@testing-library/dom';
import { act } from 'react';
import { language, t } from '../src/i18n';
import { AdminDrawer, ADMIN_LIST_MIN_WIDTH } from '../src/ui/admin/layout';
import { Drawer, drawerCollapsed, MIN_DRAWER_WIDTH } from '../src/ui/drawer';
import { mount } from './render';

language.value = 'en';

const handleOf = (host: HTMLElement) => within(host).getByRole('separator');
const drawerOf = (host: HTMLElement) => within(host).getByRole('complementary');
const valueOf = (host: HTMLElement) => Number(handleOf(host).getAttribute('aria-valuenow'));

function key(host: HTMLElement, name: string, shiftKey = false) {
  act(() => {
    handleOf(host).dispatchEvent(new KeyboardEvent('keydown', { key: name, shiftKey, bubbles: true }));
  });
}

function pointer(host: HTMLElement, type: 'pointerdown' | 'pointermove' | 'pointerup', clientX: number) {
  act(() => {
    handleOf(host).dispatchEvent(new PointerEvent(type, { clientX, pointerId: 1, bubbles: true }));
  });
}

/** Resizes the window the components see (the global one: the suites of one run share the last installed). */
function resizeWindow(width: number) {
  const current = globalThis.window as unknown as { happyDOM: { setWindowSize(size: { width: number; height: number }): void } };
  act(() => {
    current.happyDOM.setWindowSize({ width, height: 900 });
  });
}

test.after.each(() => resizeWindow(1440));

test('a left drawer: the handle is labelled, ArrowRight widens by 10 px (50 with Shift), ArrowLeft narrows', () => {
  const { host, unmount } = mount(
    <Drawer side="left" label="Locations" open onClose={() => undefined}>
      list
    </Drawer>,
  );
  const handle = handleOf(host);
  assert.is(handle.getAttribute('aria-label'), t('resizeDrawer'));
  assert.is(handle.getAttribute('aria-orientation'), 'vertical');
  assert.is(handle.className, 'drawer-handle');
  assert.is(valueOf(host), 400, '400 px in a window wider than 1200 px');
  assert.is(handle.getAttribute('aria-valuemin'), String(MIN_DRAWER_WIDTH));
  assert.is(handle.getAttribute('aria-valuemax'), String(Math.round(1440 * 0.3)), 'at most 30 % of the window: two drawers leave the map 40 %');
  key(host, 'ArrowRight');
  assert.is(valueOf(host), 410);
  assert.is(drawerOf(host).style.width, '410px');
  key(host, 'ArrowLeft', true);
  assert.is(valueOf(host), 360);
  key(host, 'Enter');
  assert.is(valueOf(host), 360, 'other keys leave the width');
  unmount();
});

test('a right drawer grows to the left: ArrowLeft and a drag to the left widen it', () => {
  const { host, unmount } = mount(
    <Drawer side="right" label="Output" open onClose={() => undefined}>
      output
    </Drawer>,
  );
  key(host, 'ArrowLeft');
  assert.is(valueOf(host), 410);
  key(host, 'ArrowRight', true);
  assert.is(valueOf(host), 360);
  pointer(host, 'pointerdown', 1000);
  pointer(host, 'pointermove', 950);
  assert.is(drawerOf(host).style.width, '410px', 'the box follows the pointer');
  assert.is(valueOf(host), 360, 'the width is set only on release');
  pointer(host, 'pointerup', 940);
  assert.is(valueOf(host), 420);
  assert.is(drawerOf(host).style.width, '420px');
  unmount();
});

test('a drag stays within the clamp, and a move without a press does nothing', () => {
  const { host, unmount } = mount(
    <Drawer side="left" label="Locations" open onClose={() => undefined}>
      list
    </Drawer>,
  );
  pointer(host, 'pointermove', 700);
  assert.is(drawerOf(host).style.width, '400px', 'no drag without a press');
  pointer(host, 'pointerdown', 400);
  pointer(host, 'pointermove', 5000);
  assert.is(drawerOf(host).style.width, `${Math.round(1440 * 0.3)}px`);
  pointer(host, 'pointerup', -5000);
  assert.is(valueOf(host), MIN_DRAWER_WIDTH, 'never narrower than the minimum');
  for (let k = 0; k < 5; k++) key(host, 'ArrowLeft');
  assert.is(valueOf(host), MIN_DRAWER_WIDTH);
  unmount();
});

test('a smaller window clamps the drawer again', () => {
  const { host, unmount } = mount(
    <Drawer side="left" label="Locations" open onClose={() => undefined}>
      list
    </Drawer>,
  );
  pointer(host, 'pointerdown', 400);
  pointer(host, 'pointerup', 1400);
  assert.is(valueOf(host), Math.round(1440 * 0.3));
  resizeWindow(1000);
  assert.is(valueOf(host), 300, '30 % of the new window');
  assert.is(handleOf(host).getAttribute('aria-valuemax'), '300');
  unmount();
});

test('the admin drawer: 900 px, the same handle with its own class and limits (list at least 400 px)', () => {
  const { host, unmount } = mount(
    <AdminDrawer label="Logins">
      <p>list</p>
    </AdminDrawer>,
  );
  const handle = handleOf(host);
  assert.is(handle.className, 'admin-drawer-handle');
  assert.is(valueOf(host), 900);
  assert.is(handle.getAttribute('aria-valuemin'), String(ADMIN_LIST_MIN_WIDTH));
  assert.is(handle.getAttribute('aria-valuemax'), String(1440 - 200));
  key(host, 'ArrowRight', true);
  assert.is(valueOf(host), 950);
  pointer(host, 'pointerdown', 950);
  pointer(host, 'pointermove', 100);
  assert.is(drawerOf(host).style.width, `${ADMIN_LIST_MIN_WIDTH}px`);
  pointer(host, 'pointerup', 100);
  assert.is(valueOf(host), ADMIN_LIST_MIN_WIDTH);
  unmount();
});

test('a closed drawer draws nothing, handle included', () => {
  const { host, unmount } = mount(
    <Drawer side="left" label="Locations" open={false} onClose={() => undefined}>
      list
    </Drawer>,
  );
  assert.is(within(host).queryByRole('separator'), null);
  unmount();
});

test('a drawer folds to a strip and opens again with its width and content; each side keeps its choice', () => {
  const { host, unmount } = mount(
    <>
      <Drawer side="left" label="Location" open onClose={() => undefined}>
        details
      </Drawer>
      <Drawer side="right" label="Output" open onClose={() => undefined}>
        figures
      </Drawer>
    </>,
  );
  const [left] = within(host).getAllByRole('complementary');
  key(left!, 'ArrowRight');
  const fold = within(left!).getByRole('button', { name: t('drawerCollapse') });
  assert.is(fold.getAttribute('aria-expanded'), 'true');
  act(() => fold.click());
  assert.ok(drawerCollapsed.left.value);
  const strip = within(host).getByRole('complementary', { name: 'Location' });
  assert.ok(strip.classList.contains('drawer-collapsed'));
  assert.is(strip.textContent, 'Location', 'the strip shows only its name');
  assert.is(within(strip).queryByRole('separator'), null, 'no handle on a strip');
  assert.not.ok(drawerCollapsed.right.value, 'the other drawer stays open');
  assert.ok(within(host).getByRole('complementary', { name: 'Output' }).textContent!.includes('figures'));
  const expand = within(strip).getByRole('button', { name: t('drawerExpand', { label: 'Location' }) });
  assert.is(expand.getAttribute('aria-expanded'), 'false');
  act(() => expand.click());
  const again = within(host).getByRole('complementary', { name: 'Location' });
  assert.ok(again.textContent!.includes('details'));
  assert.is(again.style.width, '410px', 'the width chosen before folding');
  unmount();
});

test.run();
