import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { colorBrightness, legendTextColor, LEGEND_TEXT_DARK, LEGEND_TEXT_LIGHT } from '../src/legend/text-color.js';

test('light colours get dark text, dark colours light text', () => {
  assert.is(legendTextColor('#ffffff'), LEGEND_TEXT_DARK);
  assert.is(legendTextColor('#ff0'), LEGEND_TEXT_DARK);
  assert.is(legendTextColor('rgb(250, 204, 21)'), LEGEND_TEXT_DARK);
  assert.is(legendTextColor('#000000'), LEGEND_TEXT_LIGHT);
  assert.is(legendTextColor('#2563eb'), LEGEND_TEXT_LIGHT);
  assert.is(legendTextColor('rgba(10, 20, 30, 0.5)'), LEGEND_TEXT_LIGHT);
});

test('brightness exactly 0.5 is not above 0.5, so the text is light', () => {
  // Grey 127.5 cannot be written; 128 is just above, 127 just below.
  assert.ok(colorBrightness('rgb(128,128,128)') > 0.5);
  assert.is(legendTextColor('rgb(128,128,128)'), LEGEND_TEXT_DARK);
  assert.is(legendTextColor('rgb(127,127,127)'), LEGEND_TEXT_LIGHT);
});

test('brightness weighs green most, blue least', () => {
  assert.ok(colorBrightness('#00ff00') > colorBrightness('#ff0000'));
  assert.ok(colorBrightness('#ff0000') > colorBrightness('#0000ff'));
  assert.is(legendTextColor('#00ff00'), LEGEND_TEXT_DARK);
  assert.is(legendTextColor('#ff0000'), LEGEND_TEXT_LIGHT);
});

test("bad colours raise 'Invalid color format'", () => {
  for (const bad of ['red', '', '#12', '#12345g', 'hsl(0, 100%, 50%)', '#1234']) {
    assert.throws(
      () => legendTextColor(bad),
      (e: Error) => e.message === 'Invalid color format',
      bad,
    );
  }
});

test("bad rgb() colours raise 'Invalid RGB color format'", () => {
  for (const bad of ['rgb(1,2)', 'rgb(300, 0, 0)', 'rgb(a,b,c)', 'rgba(1,2,3,4,5)']) {
    assert.throws(
      () => legendTextColor(bad),
      (e: Error) => e.message === 'Invalid RGB color format',
      bad,
    );
  }
});

test.run();
