/**
 * Resolves once the browser has painted the next frame (a task queued from its animation
 * frame runs after that paint): code loaded then does not hold up what is being shown.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}
