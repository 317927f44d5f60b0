/**
 * Resolves once the browser has shown the next frame: an animation frame requested from
 * within an animation frame runs only after that frame was painted. Code loaded then does not
 * hold up what is being shown (decision 034).
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
  });
}
