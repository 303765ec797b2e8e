import { useId } from 'react';

const FEATURE = `{
  "type": "FeatureCollection",
  "features": [
    {
      "type": "Feature",
      "properties": {
        "name": "Ward 1",
        "representative_name": "Ana Ruiz",
        "representative_title": "Councillor",
        "representative_email": "ana.ruiz@springfield.gov"
      },
      "geometry": { "type": "Polygon", "coordinates": [[[-89.65, 39.78], [-89.6, 39.78], [-89.6, 39.82], [-89.65, 39.78]]] }
    }
  ]
}`;

/**
 * What the upload reads and how to get it from what a city publishes (usually a shapefile):
 * three ways to GeoJSON in WGS84 (EPSG:4326), the one coordinate system GeoJSON allows (RFC 7946).
 */
export function GeojsonHelp() {
  const titleId = useId();
  return (
    <section className="card boundary-help" aria-labelledby={titleId}>
      <h2 id={titleId}>Preparing the file</h2>
      <h3>What the file holds</h3>
      <p>
        A GeoJSON <b>FeatureCollection</b>: one feature per district, each a Polygon or MultiPolygon in longitude and latitude (WGS84).
        Dais reads these properties of each feature:
      </p>
      <dl className="boundary-properties">
        <div>
          <dt>
            <code>name</code>
          </dt>
          <dd>The district's name, as supporters choose it (required, each its own: Ward 1, Ward 2...).</dd>
        </div>
        <div>
          <dt>
            <code>representative_name</code>, <code>representative_title</code>
          </dt>
          <dd>Who represents the district, for example Ana Ruiz, Councillor (optional).</dd>
        </div>
        <div>
          <dt>
            <code>representative_email</code>
          </dt>
          <dd>Their e-mail address (optional).</dd>
        </div>
      </dl>
      <p>Other properties are ignored. A file with a problem is refused whole, each problem named, and nothing is stored.</p>
      <details className="boundary-example">
        <summary>An example file</summary>
        <pre>
          <code>{FEATURE}</code>
        </pre>
      </details>

      <h3>From a shapefile to GeoJSON</h3>
      <p>
        Cities usually publish districts as a shapefile (a .shp with its .dbf, .shx and .prj beside it), often zipped. Turn it into GeoJSON
        in WGS84 (EPSG:4326) with any of these, then rename the column that holds each district's name to <code>name</code>:
      </p>
      <ul className="boundary-ways">
        <li>
          <b>mapshaper.org</b> (in the browser, nothing installed): drop the .shp, .dbf and .prj files (or the zip) on the page and Import.
          In its Console type <code>-proj wgs84</code> and, if the names are in a column such as WARD_NAME,{' '}
          <code>-rename-fields name=WARD_NAME</code>. Then Export, choose GeoJSON.
        </li>
        <li>
          <b>QGIS</b>: open the shapefile, right-click the layer, Export &gt; Save Features As..., Format <i>GeoJSON</i>, CRS{' '}
          <i>EPSG:4326 - WGS 84</i>.
        </li>
        <li>
          <b>ogr2ogr</b> (GDAL), on the command line:
          <pre>
            <code>ogr2ogr -f GeoJSON -t_srs EPSG:4326 districts.geojson districts.shp</code>
          </pre>
          renaming the name column as it goes:
          <pre>
            <code>ogr2ogr -f GeoJSON -t_srs EPSG:4326 -sql "SELECT WARD_NAME AS name FROM districts" districts.geojson districts.shp</code>
          </pre>
        </li>
      </ul>
      <p>
        A file over the limit: simplify its outlines (mapshaper's <code>-simplify 10%</code>, or Simplify in its menu) and export it again.
      </p>
    </section>
  );
}
