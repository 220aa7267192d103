// Loaded by the app once its first chart is drawn (src/web.rs). Registers the service worker
// (assets/sw.js); when a new build waits, sets <html data-update="ready"> and fires
// gpu-cost-planner-update-ready (src/ui/update.rs shows the notice); on
// gpu-cost-planner-update-apply the new worker takes over and the page reloads.
'use strict';
(() => {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  let registration = null;
  // Installed while another worker controls the page (the first worker takes over by itself).
  const waits = (worker) => worker && worker.state === 'installed' && container.controller;
  const ready = () => {
    document.documentElement.setAttribute('data-update', 'ready');
    dispatchEvent(new Event('gpu-cost-planner-update-ready'));
  };
  addEventListener('gpu-cost-planner-update-apply', () => {
    const worker = registration && registration.waiting;
    if (!worker) return location.reload(); // another tab already switched
    container.addEventListener('controllerchange', () => location.reload(), { once: true });
    worker.postMessage('skip-waiting');
  });
  // Once the page has run no long task for half a second (the app's start-up work done: other
  // charts, bands, the offer table's totals): installing fetches and hashes the whole build,
  // and must not compete with start-up.
  const started = new Promise((resolve) => {
    let timer;
    let observer = null;
    const done = () => { if (observer) observer.disconnect(); resolve(); };
    const wait = () => { clearTimeout(timer); timer = setTimeout(done, 500); };
    if (PerformanceObserver.supportedEntryTypes.includes('longtask')) {
      observer = new PerformanceObserver(wait);
      observer.observe({ type: 'longtask' });
    }
    wait();
  });
  started.then(async () => {
    try {
      // Checks for a new sw.js bypass the HTTP cache, whatever the host sets.
      registration = await container.register('sw.js', { updateViaCache: 'none' });
    } catch (e) {
      console.warn(`gpu-cost-planner: offline use is off (${e.message})`);
      return;
    }
    // A browser (or test harness) that blocks service workers may resolve with nothing.
    if (!registration) return;
    if (waits(registration.waiting)) ready();
    registration.addEventListener('updatefound', () => {
      const worker = registration.installing;
      if (worker) worker.addEventListener('statechange', () => { if (waits(worker)) ready(); });
    });
    // Browsers check at every navigation; an open page also asks hourly (offline: ignored).
    setInterval(() => registration.update().catch(() => {}), 60 * 60 * 1000);
  });
})();
