// A fake Ticketmaster Discovery API for the browser tests' server: it knows no events
// until a test offers one (POST /__offer with { id, artist, city, stateCode, venue,
// localDate, localTime, and optionally startDateTime, timeZone, onSaleAt and presales as Ticketmaster
// writes them: [{ name, startDateTime, endDateTime }] }), and a search finds an offered event only when its keyword is
// the event's artist, so other tests' lists never see it.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const template = JSON.parse(
  readFileSync(
    new URL(
      '../../src/server/testing/provider-fixtures/ticketmaster-event-detail.json',
      import.meta.url,
    ),
    'utf8',
  ),
);

function eventOf(offer) {
  const event = structuredClone(template);
  event.id = offer.id;
  event.name = `${offer.artist} Live`;
  event.url = `https://www.ticketmaster.com/event/${offer.id}`;
  event.dates.start.localDate = offer.localDate;
  event.dates.start.localTime = offer.localTime ?? '20:00:00';
  event.dates.start.dateTime = offer.startDateTime ?? `${offer.localDate}T23:59:00Z`;
  const venue = event._embedded.venues[0];
  venue.name = offer.venue ?? 'Fake Hall';
  venue.city = { name: offer.city };
  venue.state = { ...venue.state, stateCode: offer.stateCode };
  event._embedded.attractions = [{ name: offer.artist }];
  if (offer.timeZone) {
    event.dates.timezone = offer.timeZone;
    venue.timezone = offer.timeZone;
  }
  // The template's sale opened long ago; an offer may say when tickets go on sale instead.
  if (offer.onSaleAt) event.sales = { public: { startDateTime: offer.onSaleAt } };
  event.presales = offer.presales ?? [];
  return event;
}

function send(response, status, body) {
  response.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
  response.end(JSON.stringify(body));
}

/** Listens on 127.0.0.1:port; resolves to the base URL for TICKETMASTER_BASE_URL. */
export async function startFakeTicketmaster(port) {
  const events = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method === 'POST' && url.pathname === '/__offer') {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        events.push(eventOf(JSON.parse(body)));
        send(response, 201, { offered: events.length });
      });
      return;
    }
    if (url.pathname === '/discovery/v2/events.json') {
      const keyword = url.searchParams.get('keyword')?.toLowerCase();
      const found = keyword
        ? events.filter((e) => e._embedded.attractions[0].name.toLowerCase() === keyword)
        : [];
      const size = Number(url.searchParams.get('size') ?? 20);
      return send(response, 200, {
        ...(found.length > 0 ? { _embedded: { events: found.slice(0, size) } } : {}),
        _links: { self: { href: url.pathname } },
        page: { size, totalElements: found.length, totalPages: found.length ? 1 : 0, number: 0 },
      });
    }
    const detail = /^\/discovery\/v2\/events\/([^/]+)\.json$/.exec(url.pathname);
    const event = detail && events.find((e) => e.id === decodeURIComponent(detail[1]));
    if (event) return send(response, 200, event);
    return send(response, 404, {
      errors: [{ code: 'DIS1004', detail: 'Resource not found', status: '404' }],
    });
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${port}/discovery/v2`, close: () => server.close() };
}
