import { describe, expect, it } from 'vitest';
import { districtLocator, type LocatableDistrict } from './locate';

type Ring = number[][];
const square = (x: number, y: number, size = 1): Ring => [[x, y], [x + size, y], [x + size, y + size], [x, y + size], [x, y]];
const polygon = (id: number, ...rings: Ring[]): LocatableDistrict => ({ id, geometry: { type: 'Polygon', coordinates: rings } });

describe('districtLocator', () => {
  it('finds the district a point is in, and null outside them all', () => {
    const locate = districtLocator([polygon(7, square(0, 0)), polygon(3, square(5, 5))]);
    expect(locate(0.5, 0.5)).toBe(7);
    expect(locate(5.2, 5.9)).toBe(3);
    expect(locate(2, 2)).toBeNull();
    expect(locate(-0.0001, 0.5)).toBeNull();
    expect(districtLocator([])(0, 0)).toBeNull();
  });

  it('gives a point on a shared edge or vertex the lowest id among the districts that meet there, whatever their order', () => {
    // Ward 2 west of Ward 1; 4 and 9 above them: four squares meeting at (1, 1).
    const wards = [polygon(9, square(1, 1)), polygon(1, square(1, 0)), polygon(4, square(0, 1)), polygon(2, square(0, 0))];
    for (const order of [wards, [...wards].reverse(), [wards[2]!, wards[0]!, wards[3]!, wards[1]!]]) {
      const locate = districtLocator(order);
      expect(locate(1, 0.5), 'the edge between 2 and 1').toBe(1);
      expect(locate(0.5, 1), 'the edge between 2 and 4').toBe(2);
      expect(locate(1.5, 1), 'the edge between 1 and 9').toBe(1);
      expect(locate(1, 1.5), 'the edge between 4 and 9').toBe(4);
      expect(locate(1, 1), 'the vertex all four share').toBe(1);
      expect(locate(0, 0), "a corner of the set's outline").toBe(2);
      expect(locate(2, 2), 'the far corner').toBe(9);
    }
  });

  it('reads every polygon of a MultiPolygon', () => {
    const island: LocatableDistrict = { id: 5, geometry: { type: 'MultiPolygon', coordinates: [[square(0, 0)], [square(10, 10)]] } };
    const locate = districtLocator([island, polygon(6, square(5, 5))]);
    expect(locate(0.5, 0.5)).toBe(5);
    expect(locate(10.5, 10.5)).toBe(5);
    expect(locate(5.5, 5.5)).toBe(6);
    // Between the islands, inside their shared box: not in the district.
    expect(locate(7, 7)).toBeNull();
  });

  it("leaves a polygon's hole to the district inside it", () => {
    const doughnut = polygon(1, square(0, 0, 10), square(4, 4, 2));
    const enclave = polygon(2, square(4, 4, 2));
    const locate = districtLocator([doughnut, enclave]);
    expect(locate(1, 1)).toBe(1);
    expect(locate(5, 5)).toBe(2);
    // On the hole's edge both claim it: the lower id.
    expect(locate(4, 5)).toBe(1);
    expect(districtLocator([doughnut])(5, 5)).toBeNull();
  });

  it('finds each of 500 districts, and answers quickly', () => {
    // A 25 x 20 grid of 0.01-degree squares over Springfield, ids given in a shuffled order.
    const districts = Array.from({ length: 500 }, (_, i) => polygon(1000 + ((i * 7919) % 500), square(-89.7 + (i % 25) * 0.01, 39.7 + Math.floor(i / 25) * 0.01, 0.01)));
    const locate = districtLocator(districts);
    for (let i = 0; i < 500; i++) {
      const [x, y] = districts[i]!.geometry.coordinates[0]![0] as [number, number];
      expect(locate(x + 0.005, y + 0.005)).toBe(districts[i]!.id);
    }
    expect(locate(-89.71, 39.7)).toBeNull();
    const started = performance.now();
    for (let i = 0; i < 10_000; i++) locate(-89.7 + (i % 250) * 0.001, 39.7 + (i % 200) * 0.001);
    // About 2 µs each on a laptop; the bound is loose for a loaded machine.
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
