// 2D affine transforms in the canvas order [a, b, c, d, e, f]: x' = a x + c y + e, y' = b x + d y + f.

export type Affine = [number, number, number, number, number, number];

export function multiply(m: Affine, n: Affine): Affine {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

export function invert(m: Affine): Affine {
  const det = m[0] * m[3] - m[1] * m[2];
  if (det === 0) throw new Error('Affine transform is not invertible');
  const a = m[3] / det,
    b = -m[1] / det,
    c = -m[2] / det,
    d = m[0] / det;
  return [a, b, c, d, -(a * m[4] + c * m[5]), -(b * m[4] + d * m[5])];
}

export function apply(m: Affine, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

export function scaling(sx: number, sy = sx): Affine {
  return [sx, 0, 0, sy, 0, 0];
}

export function translation(tx: number, ty: number): Affine {
  return [1, 0, 0, 1, tx, ty];
}

/** Sets an affine on a context, premultiplied by the device pixel ratio. */
export function setContextTransform(ctx: CanvasRenderingContext2D, m: Affine, pixelRatio: number): void {
  ctx.setTransform(m[0] * pixelRatio, m[1] * pixelRatio, m[2] * pixelRatio, m[3] * pixelRatio, m[4] * pixelRatio, m[5] * pixelRatio);
}
