// The few XML the CalDAV client reads: multistatus answers with any namespace prefix, entities, CDATA,
// attributes; no DTD is ever expanded.
import assert from 'node:assert/strict';
import { findAll, findFirst, parseXml, textOf } from '../../../../server/integrations/calendar-sync/xml';

describe('calendar-sync: reading WebDAV XML', () => {
  it('reads elements by local name whatever the prefix, with decoded text, CDATA and attributes', () => {
    const root = parseXml(`<?xml version="1.0"?>
<!-- a comment -->
<multistatus xmlns="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav">
  <response><href>/cal/home/</href>
    <propstat><prop>
      <displayname>Tom &amp; Jerry&#x27;s &lt;calendar&gt;</displayname>
      <cal:supported-calendar-component-set><cal:comp name="VEVENT"/><cal:comp name='VTODO'/></cal:supported-calendar-component-set>
      <cal:calendar-data><![CDATA[BEGIN:VCALENDAR
END:VCALENDAR]]></cal:calendar-data>
    </prop></propstat>
  </response>
  <D:response xmlns:D="DAV:"><D:href>/cal/work/</D:href></D:response>
</multistatus>`)!;
    assert.equal(root.name, 'multistatus');
    assert.deepEqual(
      findAll(root, 'href').map((h) => textOf(h)),
      ['/cal/home/', '/cal/work/'],
    );
    assert.equal(textOf(findFirst(root, 'displayname')), "Tom & Jerry's <calendar>");
    assert.deepEqual(
      findAll(root, 'comp').map((c) => c.attributes.name),
      ['VEVENT', 'VTODO'],
    );
    assert.equal(textOf(findFirst(root, 'calendar-data')), 'BEGIN:VCALENDAR\nEND:VCALENDAR');
  });

  it('expands no entity of a DTD (no billion laughs), and survives malformed input', () => {
    const root = parseXml(
      '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;">]><multistatus><href>&b;</href></multistatus>',
    )!;
    assert.equal(textOf(findFirst(root, 'href')), '&b;');
    assert.equal(parseXml('no xml here'), null);
    assert.equal(findAll(parseXml('<a><b>unclosed')!, 'b').length, 1);
  });
});
