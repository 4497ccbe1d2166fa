// The sizing studio's arithmetic, in the page: storageperf.studio.options, step for step, from the facts file
// (studio-facts.json, generated from the data package when the site is built). A test runs both on thousands of
// workloads and fails on any difference in feasibility, binding limit, ranking, or a number by more than 0.01 %.

const INF = Infinity;

// ---- checks: one-line messages naming the parameter, the value and what is allowed ----------------------------
function num(name, v) {
  if (typeof v !== "number" || !Number.isFinite(v)) throw new Error(`${name} must be a finite number, got ${v}`);
  return v;
}
function positive(name, v, unit) {
  if (num(name, v) <= 0) throw new Error(`${name} must be greater than 0${unit ? " " + unit : ""}, got ${v}`);
  return v;
}
function fraction(name, v) {
  if (num(name, v) < 0 || v > 1) throw new Error(`${name} must be between 0 and 1 (a fraction), got ${v}`);
  return v;
}

const plain = (name) => name.toLowerCase().replace(/[ _-]/g, "");

// storageperf.studio.region_named: a region by its Azure name in any case or spacing, or by its billing name
export function regionNamed(F, name) {
  const listed = `region must be one of the ${F.regions.length} regions with every price the studio uses, by its Azure name or its billing name`;
  if (typeof name === "string") {
    const p = plain(name);
    for (const r of F.regions) if (p === r || p === plain(F.region_names[r])) return r;
    const like = F.regions.filter((r) => p && (r.startsWith(p) || p.startsWith(r)));
    if (like.length) throw new Error(`${listed}; got '${name}' (did you mean ${like.join(" or ")}?)`);
  }
  throw new Error(`${listed} (${F.regions.join(", ")}); got '${name}'`);
}

export function workload(F, input) {
  const given = (k) => input[k] !== undefined && input[k] !== null && input[k] !== "";
  const cap = positive("capacity_tib", input.capacity_tib, "TiB");
  if (given("mibps") === given("ops_per_s")) throw new Error("give one of mibps and ops_per_s");
  const io = positive("io_kib", given("io_kib") ? input.io_kib : 64, "KiB");
  const need = given("mibps") ? positive("mibps", input.mibps, "MiB/s")
    : positive("ops_per_s", input.ops_per_s, "ops/s") * io * F.bytes.KiB / F.bytes.MiB;
  const bound = given("latency_ms") ? positive("latency_ms", input.latency_ms, "ms") : null;
  const region = regionNamed(F, given("region") ? input.region : "eastus");
  const months = given("months") ? input.months : 12;
  if (!Number.isInteger(months) || months < 1 || months > F.months_max) throw new Error(`months must be a whole number from 1 to ${F.months_max}; got ${months}`);
  const growth = given("growth_tib_per_month") ? num("growth_tib_per_month", input.growth_tib_per_month) : 0;
  if (growth < 0) throw new Error(`growth_tib_per_month must be at least 0 TiB per month, got ${growth}`);
  const clients = given("clients") ? input.clients : null;
  const load = given("load") ? input.load : "general";
  if (clients !== null && (!Number.isInteger(clients) || clients < 1)) throw new Error(`clients must be a whole number at least 1; got ${clients}`);
  // storageperf.studio.workload: no number so large that the data, or the bytes moved over the horizon, overflow
  const end = cap + growth * months, seconds = months * F.hours_per_month * F.s_per_hour;
  const rate = given("mibps") ? "mibps" : "ops_per_s";
  for (const [name, value, key] of [["capacity_tib", cap * F.bytes.TiB], ["growth_tib_per_month", end * F.bytes.TiB],
                                    [rate === "mibps" ? rate : "ops_per_s x io_kib", need * seconds * F.bytes.MiB, rate]]) {
    if (!Number.isFinite(value)) throw new Error(`${name} is too large to size: over ${months} months it comes to more bytes than a number holds; got ${input[key || name]}`);
  }
  if (!["general", "eda"].includes(load)) throw new Error(`load must be one of general, eda; got '${load}'`);
  const target = given("target_utilization") ? num("target_utilization", input.target_utilization) : F.default_target_utilization;
  if (target <= 0 || target > 1) throw new Error(`target_utilization must be greater than 0 and at most 1 (a fraction), got ${target}`);
  if (given("access") && !F.access_patterns.includes(input.access)) throw new Error(`access must be one of ${F.access_patterns.join(", ")}; got '${input.access}'`);
  return {load, clients, capacity_tib: cap, mibps: need / target, need_mibps: need, target_utilization: target, io_kib: io, access: accessPattern(F, given("access") ? input.access : null, io),
          access_assumed: !given("access"), ops_per_s: need * F.bytes.MiB / F.bytes.KiB / io,
          read_share: fraction("read_share", given("read_share") ? input.read_share : 1),
          latency_ms: bound, cold_share: fraction("cold_share", given("cold_share") ? input.cold_share : 0),
          region, months, growth_tib_per_month: growth, capacity_end_tib: end};
}

// ---- shared arithmetic ----------------------------------------------------------------------------------------
const conv = (F, v, from, to) => v * F.bytes[from] / F.bytes[to];
// Python's "{:,.Nf}": a tie rounds to the even digit (a formatter kept for each d: toLocaleString makes one a call)
const FMT = [];
function fmt(v, d) {
  const scaled = v * 10 ** d, down = Math.floor(scaled);
  const n = scaled - down === 0.5 ? (down % 2 === 0 ? down : down + 1) : Math.round(scaled);
  return (FMT[d] ??= new Intl.NumberFormat("en-US", {minimumFractionDigits: d, maximumFractionDigits: d})).format(n / 10 ** d);
}
const gfmt = (v) => String(Number(v.toPrecision(6))); // Python's "{:g}"
const mib = (v) => `${fmt(v, 0)} MiB/s`;

function interp(x, xp, fp) { // numpy.interp on increasing xp
  if (x <= xp[0]) return fp[0];
  const n = xp.length;
  if (x >= xp[n - 1]) return fp[n - 1];
  let j = 0;
  while (xp[j + 1] <= x) j++;
  const slope = (fp[j + 1] - fp[j]) / (xp[j + 1] - xp[j]);
  return slope * (x - xp[j]) + fp[j];
}

// storageperf.concepts.bounds.by_access_pattern: one random and one sequential test read at another size, never blended
export function byAccessPattern(io, access, [rKib, rMibps], [sKib, sMibps]) {
  if (access === "random") return rMibps * Math.min(io, rKib) / rKib;
  return io >= sKib ? sMibps : Math.min(sMibps, rMibps * io / rKib);
}

// storageperf.platforms.azure_netapp_files.access_pattern: the one given, or the curves' own at the I/O size
const accessPattern = (F, access, size) => access ?? (size >= F.anf.mix_curves_kib.sequential[0] ? "sequential" : "random");

function mixCeiling(F, volumeType, share, size, access) {
  const pattern = accessPattern(F, access, size);
  if (volumeType !== "regular") {
    const basis = pattern === "sequential" && size === F.anf.mix_io_kib[F.anf.mix_io_kib.length - 1] && share === 1 ? "measured" : "extrapolated";
    return {mibps: INF, basis, extrapolated: basis === "extrapolated"};
  }
  const on = (kib) => interp(share, F.anf.mix[String(kib)][0], F.anf.mix[String(kib)][1]);
  const [low, high] = F.anf.mix_curves_kib.random, [seq] = F.anf.mix_curves_kib.sequential;
  const near = Math.min(Math.max(size, low), high), w = Math.log(near / low) / Math.log(high / low);
  const random = [near, near === low || near === high ? on(near) : (1 - w) * on(low) + w * on(high)];
  const mibps = byAccessPattern(size, pattern, random, [seq, on(seq)]);
  const basis = F.anf.mix_curves_kib[pattern].includes(size) ? "measured"
    : pattern === "random" && low < size && size < high ? "interpolated" : "extrapolated";
  return {mibps, basis, extrapolated: basis === "extrapolated"};
}

// storageperf.studio.measured_cap: a regular volume's mix curve; a large volume's, or breakthrough mode's, benchmark
// (storageperf.sources.large_volumes.measured_ceiling)
function measuredCap(F, w, volumeType) {
  const measurement = F.anf.volume_types[volumeType].measurement, eda = w.load === "eda";
  if (volumeType === "regular") { // an EDA load: SPEC's curves are its measurement, which judge() applies
    const mix = mixCeiling(F, "regular", w.read_share, w.io_kib, w.access);
    return {mibps: mix.mibps, extrapolated: mix.extrapolated && !eda, name: F.anf.mix_limit, measurement};
  }
  const M = F.anf.measured[volumeType], [small, large] = F.anf.measured_kib, io = w.io_kib, r = w.read_share;
  const target = (op) => byAccessPattern(io, w.access, [small, M[`${op}_ops`] * small * F.bytes.KiB / F.bytes.MiB],
                                         [large, M[op]]);
  const read = target("read"), write = target("write");
  const mibps = r === 1 ? read : r === 0 ? write : 1 / (r / read + (1 - r) / write);
  const extrapolated = io !== (w.access === "random" ? small : large) && !eda;
  const name = `most measured from ${volumeType === "large" ? "a large volume" : "breakthrough mode"} at this mix`;
  return {mibps: eda ? INF : mibps, extrapolated, name, measurement};
}
const BEYOND = "; beyond what was measured (";
const beyond = (extrapolated, measurement) => (extrapolated ? `${BEYOND}${measurement})` : "");

function effectiveCeiling(F, level, volumeType, share, size, access) {
  const ceiling = F.anf.volume_types[volumeType].ceiling[level];
  const mix = mixCeiling(F, volumeType, share, size, access).mibps;
  return [ceiling, mix, Math.min(ceiling, mix)];
}

function poolSize(F, cap) {
  const step = F.anf.pool_step;
  return Math.max(Math.ceil(cap / step - 1e-9) * step, F.anf.pool[0]);
}

function capacityCost(F, pool, level, region) {
  return conv(F, pool, "TiB", "GiB") * F.anf.prices[region][level] * F.hours_per_month;
}

function poolCost(F, pool, level, region, throughput) {
  let usd = capacityCost(F, pool, level, region);
  if (level === "Flexible") {
    const tp = throughput === undefined || throughput === null ? F.anf.flexible_base : throughput;
    usd = usd + (tp - F.anf.flexible_base) * F.anf.prices[region].throughput * F.hours_per_month;
  }
  return usd;
}

function flexibleVolume(F, cap, need, volumeType, share, size, access) {
  const ceiling = effectiveCeiling(F, "Flexible", volumeType, share, size, access)[2];
  const [lowQ, highQ] = F.anf.volume_types[volumeType].quota;
  const quota = Math.max(cap, lowQ);
  const assigned = Math.max(need, F.anf.flexible_base);
  const pool = poolSize(F, Math.max(quota, assigned / F.anf.flexible_per_tib));
  return {quota_tib: quota, pool_tib: pool, throughput_mibps: assigned,
          feasible: need <= ceiling && quota <= highQ && pool <= F.anf.pool[1]};
}

function sizeVolume(F, cap, need, level, volumeType, share, size, access) {
  const rate = F.anf.rate[level];
  const ceiling = effectiveCeiling(F, level, volumeType, share, size, access)[2];
  const [low, high] = F.anf.volume_types[volumeType].quota;
  const byThroughput = need / rate;
  const quota = Math.max(Math.max(cap, byThroughput), low);
  const granted = Math.min(quota * rate, ceiling);
  return {quota_tib: quota, throughput_mibps: granted, binding: cap >= byThroughput ? "capacity" : "throughput",
          feasible: quota <= high && granted >= need};
}

function row(o) {
  const ok = o.feasible;
  const usd = ok ? o.monthly_usd : NaN;
  return {option: o.option, platform: o.platform, feasible: ok, binding: o.binding,
          headroom: ok ? (o.limit - o.need) / o.limit : NaN, monthly_usd: usd,
          horizon_usd: ok ? (o.horizon_usd === undefined ? usd * o.months : o.horizon_usd) : NaN,
          usd_per_mibps: ok ? usd / o.limit : NaN, price_complete: o.price_complete !== false,
          latency_ms: o.latency ? o.latency[0] : NaN, latency_basis: o.latency ? o.latency[1] : "none",
          provisioned_tib: o.provisioned_tib, limit_mibps: o.limit,
          extrapolated: !!o.extrapolated, status: o.status || "generally available", facts: o.facts,
          chapter: o.chapter, layout: o.layout || null};
}

const ANF = "Azure NetApp Files", CVO = "Cloud Volumes ONTAP on Google Cloud", VM = "Azure VM with Premium SSD";
const facts = (F, volumeType, level, region) => F.anf.volume_types[volumeType].facts[level].replaceAll("{region}", region);

function anfInfeasible(F, w, volumeType, quota, pool, ceilings) {
  const [ceiling, mix, top] = ceilings;
  const highQ = F.anf.volume_types[volumeType].quota[1];
  if (w.mibps > top) {
    const which = mix < ceiling ? F.anf.mix_limit : "volume ceiling";
    return `the need, ${mib(w.mibps)}, is above the ${which}, ${mib(top)}`;
  }
  if (quota > highQ) return `the quota, ${fmt(quota, 1)} TiB, is above the largest ${volumeType} volume, ${fmt(highQ, 0)} TiB`;
  return `the pool, ${fmt(pool, 0)} TiB, is above the largest pool, ${fmt(F.anf.pool[1], 0)} TiB`;
}

function poolPlan(F, cap, need, level, volumeType, n, region, share, size, access) { // anf.pool_plan
  const high = F.anf.pool[1];
  let quota, pool, feasible, usd, granted, binding;
  if (level === "Flexible") {
    const ceiling = effectiveCeiling(F, level, volumeType, share, size, access)[2];
    const [lowQ, highQ] = F.anf.volume_types[volumeType].quota;
    quota = Math.max(cap / n, lowQ);
    const assigned = Math.max(need, F.anf.flexible_base);
    pool = poolSize(F, Math.max(n * quota, assigned / F.anf.flexible_per_tib));
    feasible = need / n <= ceiling && quota <= highQ && pool <= high;
    binding = n * quota >= assigned / F.anf.flexible_per_tib ? "capacity" : "throughput";
    const billed = Math.min(pool, high);
    usd = poolCost(F, billed, level, region, Math.min(assigned, billed * F.anf.flexible_per_tib));
    granted = assigned;
  } else {
    const s = sizeVolume(F, cap / n, need / n, level, volumeType, share, size, access);
    quota = s.quota_tib; binding = s.binding;
    pool = poolSize(F, n * quota);
    feasible = s.feasible && pool <= high;
    usd = poolCost(F, Math.min(pool, high), level, region);
    granted = n * s.throughput_mibps;
  }
  return {quota_tib: quota, throughput_mibps: granted, pool_tib: pool, usd: feasible ? usd : NaN, binding, feasible};
}

function anfOneVolume(F, w, level, volumeType) {
  const ceilings = effectiveCeiling(F, level, volumeType, w.read_share, w.io_kib, w.access);
  const cap = measuredCap(F, w, volumeType);
  const plan = poolPlan(F, w.capacity_end_tib, w.mibps, level, volumeType, 1, w.region, w.read_share, w.io_kib, w.access);
  const pool = plan.pool_tib, quota = plan.quota_tib;
  let limit = plan.throughput_mibps, ok = plan.feasible, binding;
  // what sets the size: the smallest volume of the type, or the smallest pool, when either is above the data
  const lowQ = F.anf.volume_types[volumeType].quota[0], lowPool = F.anf.pool[0];
  const noun = level === "Flexible" ? "pool" : "quota";
  const smallest = w.capacity_end_tib * (1 + 1e-12) < quota && quota <= lowQ * (1 + 1e-12)
    ? `the smallest ${volumeType} volume, ${fmt(lowQ, 1)} TiB, sets the ${noun}`
    : quota < lowPool * (1 - 1e-12) && pool <= lowPool * (1 + 1e-12) ? `the smallest pool, ${fmt(lowPool, 0)} TiB, sets the pool` : null;
  if (level === "Flexible") {
    const sets = smallest || (plan.binding === "capacity" ? "the data sets the pool" : "the throughput sets the pool");
    binding = `throughput bought: ${mib(limit)}; ${sets}`;
  } else {
    binding = smallest || (plan.binding === "capacity" ? "the data sets the quota" : "quota x service level sets the quota");
    if (ok && limit < quota * F.anf.rate[level]) {
      binding += `; the ${ceilings[1] < ceilings[0] ? F.anf.mix_limit : "volume ceiling"} caps it`;
    }
  }
  if (!ok) binding = anfInfeasible(F, w, volumeType, quota, pool, ceilings);
  else if (volumeType !== "regular" && w.mibps > cap.mibps * (1 + 1e-12)) {
    ok = false; binding = `the need, ${mib(w.mibps)}, is above the ${cap.name}, ${mib(cap.mibps)}`;
  } else if (volumeType !== "regular" && cap.mibps < limit) {
    limit = cap.mibps; binding = `${binding}; the ${cap.name} caps it, ${mib(cap.mibps)}`;
  }
  const name = {regular: "regular volume", large: "large volume", breakthrough: "breakthrough mode"}[volumeType];
  return row({option: `${ANF} ${level}, ${name}`, platform: ANF,
              chapter: volumeType !== "regular" ? "large-volumes" : "performance-basics", feasible: ok,
              binding: binding + beyond(cap.extrapolated, cap.measurement),
              limit, need: w.mibps, monthly_usd: plan.usd, months: w.months, provisioned_tib: pool,
              facts: facts(F, volumeType, level, w.region), status: F.anf.volume_types[volumeType].status[level],
              extrapolated: cap.extrapolated, layout: [volumeType, level, 1]});
}

// storageperf.studio._volumes_needed: the fewest regular volumes that hold the data and carry the need, at most top each
function edaLatency(F, t, x, mibps, level, io) { // storageperf.sources.hpc_eda.volume_latency_ms
  const E = F.eda, T = E.types[t], ratio = io / E.spec_op, op = T.op * ratio, top = F.anf.volume_types[t].ceiling[level];
  const ops = (m, kib) => m * F.bytes.MiB / F.bytes.KiB / kib;
  const ceiling = t === "regular" ? Math.min(T.xmax, ops(top, op)) : T.scales ? ops(top, Math.max(op, T.op)) : T.xmax;
  const xmax = Math.min(ceiling, ops(mibps, op));
  let lat, outside = false;
  if (t === "regular") {
    const at = x * T.ops[1] / xmax;
    if (at > T.ops[1] * (1 + 1e-12)) lat = Infinity;
    else if (at >= T.ops[0]) lat = interp(at, T.ops, T.lat);
    else { lat = T.r0 / (1 - (at / T.ops[0]) ** T.k * (1 - T.r0 / T.lat[0])); outside = true; }
  } else {
    lat = x < xmax ? T.r0 / (1 - (x / xmax) ** T.k) : Infinity;
    outside = Number.isFinite(lat) && !(T.measured[0] <= lat && lat <= T.measured[1]);
  }
  return {lat, xmax, basis: T.basis, extrapolated: outside || Math.abs(ratio - 1) > 0.05};
}

function withEda(F, r, w) { // storageperf.studio._with_eda: every Azure NetApp Files layout, cool access too
  if (w.load !== "eda" || !r.feasible || r.layout === null) return r;
  const [t, level, n] = r.layout;
  const per = w.ops_per_s / n, got = edaLatency(F, t, per, r.limit_mibps / n, level, w.io_kib);
  const {lat, basis} = got, bound = w.latency_ms;
  // past the knee: above the highest latency its curve measured, the row is beyond what was measured, bound or not
  const top = F.eda.types[t].measured[1], past = lat > top;
  const said = past ? `above ${gfmt(top)} ms, the highest its curve measured` : `${fmt(lat, 2)} ms`;
  const cool = r.chapter === "cool-access" && w.cold_share > 0, extrapolated = got.extrapolated || cool;
  r.latency_basis = extrapolated ? "extrapolated" : "model inside the measured range";
  if (!Number.isFinite(lat) || (bound !== null && lat > bound * (1 + 1e-9))) {
    const why = Number.isFinite(lat) ? `its latency at this EDA load, ${said}, is above the bound, ${gfmt(bound)} ms (${basis})`
      : `an EDA load of ${fmt(per, 0)} operations a second a volume is past what one ${t} volume serves at its throughput, ${fmt(got.xmax, 0)} (${basis})`;
    return rejected(r, why, {latency_ms: Number.isFinite(lat) ? lat : NaN});
  }
  r.latency_ms = lat;
  r.binding += `; EDA latency ${said} (${basis})`;
  if (cool) r.binding += ", the hot tier's: the curves were measured without cool access";
  if (extrapolated && (bound !== null || past)) {
    r.extrapolated = true;
    r.binding += `${BEYOND}the EDA curve at this load or mix)`;
  }
  return r;
}

// storageperf.studio._rejected: the row does not carry it, for why; what it says about being beyond a measurement stays
function rejected(r, why, more = {}) {
  const at = r.binding.indexOf(BEYOND), kept = at >= 0 ? r.binding.slice(at) : "";
  return Object.assign(r, {feasible: false, binding: why + kept, headroom: NaN, monthly_usd: NaN, horizon_usd: NaN,
                           usd_per_mibps: NaN}, more);
}

function volumesNeeded(F, w, top) {
  return Math.max(Math.ceil(w.mibps / top - 1e-12), Math.ceil(w.capacity_end_tib / F.anf.volume_types.regular.quota[1] - 1e-12), 1);
}

function anfSeveralVolumes(F, w, level) {
  const top = effectiveCeiling(F, level, "regular", w.read_share, w.io_kib, w.access)[2];
  const cap = w.capacity_end_tib, need = w.mibps, region = w.region;
  const n = volumesNeeded(F, w, top);
  if (n < 2) return null;
  const plan = poolPlan(F, cap, need, level, "regular", n, region, w.read_share, w.io_kib, w.access);
  const pool = plan.pool_tib, ok = plan.feasible;
  const binding = ok ? `${n} volumes of at most ${mib(top)} each, the data split between them`
    : `the pool, ${fmt(pool, 0)} TiB, is above the largest pool, ${fmt(F.anf.pool[1], 0)} TiB`;
  const measured = measuredCap(F, w, "regular");
  return row({option: `${ANF} ${level}, ${n} regular volumes in one pool`, platform: ANF, chapter: "hpc-eda",
              feasible: ok, binding: binding + beyond(measured.extrapolated, measured.measurement), limit: plan.throughput_mibps, need, monthly_usd: plan.usd, months: w.months,
              provisioned_tib: pool, facts: facts(F, "regular", level, region) + " azure_netapp_files_limits:volume_quota_min_regular",
              extrapolated: measured.extrapolated, layout: ["regular", level, n]});
}

// storageperf.studio.eda_bound_ms: the workload's bound, or the highest latency the type's curve measured
const edaBound = (F, w, t) => (w.latency_ms === null ? F.eda.types[t].measured[1] : w.latency_ms);

function edaLoad(F, t, bound, level, io) { // storageperf.sources.hpc_eda.volume_load
  const E = F.eda, T = E.types[t], ratio = io / E.spec_op, op = T.op * ratio, top = F.anf.volume_types[t].ceiling[level];
  const ops = (m, kib) => m * F.bytes.MiB / F.bytes.KiB / kib;
  const ceiling = t === "regular" ? Math.min(T.xmax, ops(top, op)) : T.scales ? ops(top, Math.max(op, T.op)) : T.xmax;
  let usable, outside;
  if (t === "regular") {
    let at;
    if (bound < T.lat[0]) { // tighter than measured: the large volume's shape, scaled to the 2 ms point
      if (bound <= T.r0) return null;
      at = T.ops[0] * ((1 - T.r0 / bound) / (1 - T.r0 / T.lat[0])) ** (1 / T.k);
    } else at = interp(bound, T.lat, T.ops);
    usable = at / T.ops[T.ops.length - 1];  // the share of the edge the bound allows (hpc_eda.volume_load)
    outside = !(T.lat[0] <= bound && bound <= T.lat[T.lat.length - 1]);
  } else {
    if (bound <= T.r0) return null;
    outside = !(T.measured[0] <= bound && bound <= T.measured[1]);
    usable = (1 - T.r0 / bound) ** (1 / T.k);
  }
  return {ops_ceiling: ceiling, usable, ops_per_s: ceiling * usable, bytes_per_op_kib: op,
          extrapolated: outside || Math.abs(ratio - 1) > 0.05};
}

function edaName(level, t, n, bound) {
  const noun = {regular: "regular volume", large: "large volume", breakthrough: "large volume in breakthrough mode"}[t]
    .replace("volume", n > 1 ? "volumes" : "volume");
  return `${ANF} ${level}, ${n} ${noun} sized for the EDA load at ${gfmt(bound)} ms`;
}

function anfEdaSized(F, w, t, level) { // storageperf.studio._anf_eda_sized
  const bound = edaBound(F, w, t), load = edaLoad(F, t, bound, level, w.io_kib);
  const fs = facts(F, t, level, w.region) + " hpc_eda_learn_results hpc_eda_spec_results";
  const base = {platform: ANF, chapter: "hpc-eda", need: w.mibps, months: w.months, facts: fs,
                status: F.anf.volume_types[t].status[level]};
  if (load === null) {
    return row({...base, option: edaName(level, t, 1, bound), feasible: false, limit: NaN, monthly_usd: NaN,
                provisioned_tib: NaN, layout: [t, level, 1],
                binding: `the bound, ${gfmt(bound)} ms, is at or below the curve's light-load latency, ${gfmt(F.eda.types[t].r0)} ms`});
  }
  const cap = w.capacity_end_tib;
  const n = Math.max(Math.ceil(w.ops_per_s / load.ops_per_s - 1e-12), Math.ceil(cap / F.anf.volume_types[t].quota[1] - 1e-12), 1);
  const per = w.ops_per_s / n / load.usable * load.bytes_per_op_kib * F.bytes.KiB / F.bytes.MiB;
  const plan = poolPlan(F, cap, Math.max(n * per, w.mibps), level, t, n, w.region, w.read_share, w.io_kib, w.access);
  let ok = plan.feasible, limit = plan.throughput_mibps;
  const m = measuredCap(F, w, t);
  const word = n === 1 ? "volume" : "volumes";
  let binding = `${n} ${word}, each given ${mib(limit / n)} for its share of the EDA load under ${gfmt(bound)} ms`;
  if (!ok) {
    const [ceiling, mix, top] = effectiveCeiling(F, level, t, w.read_share, w.io_kib, w.access), highQ = F.anf.volume_types[t].quota[1];
    binding = per > top * (1 + 1e-12) ? `each of ${n} ${word} needs ${mib(per)} for its share under ${gfmt(bound)} ms, above the ${mix < ceiling ? F.anf.mix_limit : "volume ceiling"}, ${mib(top)}`
      : plan.quota_tib > highQ ? `the quota, ${fmt(plan.quota_tib, 1)} TiB, is above the largest ${t} volume, ${fmt(highQ, 0)} TiB`
        : `the pool, ${fmt(plan.pool_tib, 0)} TiB, is above the largest pool, ${fmt(F.anf.pool[1], 0)} TiB`;
  }
  if (ok && t !== "regular" && w.mibps > n * m.mibps * (1 + 1e-12)) {
    ok = false; binding = `the need, ${mib(w.mibps)}, is above the ${m.name}, ${mib(n * m.mibps)}`;
  } else if (ok && t !== "regular" && n * m.mibps < limit) {
    limit = n * m.mibps; binding += `; the ${m.name} caps it, ${mib(limit)}`;
  }
  return row({...base, option: edaName(level, t, n, bound), feasible: ok, binding: binding + beyond(m.extrapolated, m.measurement),
              limit, monthly_usd: plan.usd, provisioned_tib: plan.pool_tib, extrapolated: m.extrapolated, layout: [t, level, n]});
}

function anfManualQos(F, w, level) { // storageperf.studio._anf_manual_qos
  const measured = measuredCap(F, w, "regular");
  const top = Math.min(F.anf.manual_qos_ceiling, measured.mibps);
  const autoTop = effectiveCeiling(F, level, "regular", w.read_share, w.io_kib, w.access)[2];
  const cap = w.capacity_end_tib, need = w.mibps, region = w.region;
  const [lowQ, highQ] = F.anf.volume_types.regular.quota, highPool = F.anf.pool[1];
  const n = volumesNeeded(F, w, top);
  if (n >= volumesNeeded(F, w, autoTop)) return null;
  const rate = F.anf.rate[level];
  const quota = Math.max(cap / n, lowQ);
  const pool = poolSize(F, Math.max(n * quota, need / rate));
  const ok = need / n <= top * (1 + 1e-12) && quota <= highQ && pool <= highPool;
  const sets = n * quota >= need / rate ? "the data sets the pool" : "the throughput sets the pool";
  const word = n === 1 ? "volume" : "volumes";
  const binding = ok ? `manual QoS: ${n} ${word} of up to ${mib(top)} each, given the pool's ${mib(pool * rate)}; ${sets}`
    : `the pool, ${fmt(pool, 0)} TiB, is above the largest pool, ${fmt(highPool, 0)} TiB`;
  return row({option: `${ANF} ${level}, ${n} regular ${word} with manual QoS`, platform: ANF, chapter: "hpc-eda",
              feasible: ok, binding: binding + beyond(measured.extrapolated, measured.measurement),
              limit: Math.min(pool * rate, n * top), need, monthly_usd: poolCost(F, Math.min(pool, highPool), level, region),
              months: w.months, provisioned_tib: pool,
              facts: facts(F, "regular", level, region) + " azure_netapp_files_limits:volume_ceiling_regular_manual_qos",
              extrapolated: measured.extrapolated, layout: ["regular", level, n]});
}

function coolRule(F, level, region) {
  return (level === "Premium" || level === "Ultra") && F.anf.cool.rule_2026_regions.includes(region) ? "2026" : "2025";
}

// storageperf.studio.COOL_LITERAL
const COOL_LITERAL = "; the 2026 cool-access rule read literally: hot data at the level's rate, cool data at the cool tier's";
// the 2026 rule read literally: the data's hot and cool parts set the throughput, whatever the quota
const literalMibps = (F, data, cool, level) => (data - cool) * F.anf.rate[level] + cool * F.anf.cool.cool_tier_rate;

function coolQuota(F, data, cool, need, level, rule, t, reading = "generous") { // cool_access_quota_tib
  const [low, high] = F.anf.volume_types[t].quota;
  const rate = F.anf.rate[level];
  let byThroughput;
  if (rule === "2025") byThroughput = need / F.anf.cool_rate[level];
  else if (cool > F.anf.cool.threshold_tib) {
    byThroughput = cool + Math.max(need - cool * F.anf.cool.cool_tier_rate, 0) / rate;
    if (reading === "literal") byThroughput = need <= literalMibps(F, data, cool, level) * (1 + 1e-12) ? data : INF;
  } else byThroughput = need / rate;
  const quota = Math.max(data, byThroughput, low);
  if (quota > high * (1 + 1e-12) || need > F.anf.volume_types[t].ceiling[level] * (1 + 1e-12)) return NaN;
  return quota;
}

function coolHorizon(F, w, level, pool) { // cool_access_cost_by_month with nothing read back, summed
  // per step hot + unallocated + cool = (pool - cool tier) x hot price + cool tier x cool price, and the moves to the
  // cool tier add up to what has cooled by the end: one sum over the steps, of the cool tier
  const C = F.anf.cool, P = F.anf.prices[w.region];
  const month = F.days_per_month, hours = F.hours_per_month / month;
  const d0 = conv(F, w.capacity_tib, "TiB", "GiB"), growth = conv(F, w.growth_tib_per_month, "TiB", "GiB");
  const poolGib = conv(F, pool, "TiB", "GiB"), c = w.cold_share, start = C.coolness_days + C.delay_days;
  const n = w.months * C.steps_per_month, dt = month / C.steps_per_month, stepHours = dt * hours;
  const cooled = (time) => c * ((time >= start ? d0 : 0) + growth * Math.max(time - start, 0) / month);
  let tiers = 0;
  for (let k = 0; k < n; k++) tiers += cooled(k * dt + dt / 2);
  return n * poolGib * P[level] * stepHours + tiers * (P.cool - P[level]) * stepHours
    + (cooled(n * dt) - cooled(0)) * P.transfer;
}

function anfCool(F, w, level, n = 1, t = "regular") { // storageperf.studio._anf_cool: n volumes of type t, one pool
  const cap = w.capacity_end_tib, cap0 = w.capacity_tib, need = w.mibps, region = w.region, c = w.cold_share;
  const [lowPool, highPool] = F.anf.pool, [lowQ, highQ] = F.anf.volume_types[t].quota;
  const fs = facts(F, t, level, region) + " azure_netapp_files_limits:coolness_period_default"
    + " azure_netapp_files_limits:cool_tiering_start_delay azure_netapp_files_cool_access_regions"
    + " azure_netapp_files_cool_access_support";
  const name = n === 1 ? `${ANF} ${level}, ${t} volume with cool access`
    : `${ANF} ${level}, ${n} ${t} volumes with cool access in one pool`;
  const mix = measuredCap(F, w, t);
  const base = {option: name, platform: ANF, chapter: "cool-access", need, months: w.months, facts: fs,
                extrapolated: mix.extrapolated, layout: [t, level, n]};
  if (!(lowPool * n <= cap0 && cap0 <= cap && cap <= highQ * n)) {
    return row({...base, feasible: false, limit: NaN, monthly_usd: NaN, provisioned_tib: NaN,
                binding: `the guide costs cool access for ${gfmt(lowPool)} to ${gfmt(highQ)} TiB of data a ${t} volume; `
                  + `this is ${fmt(cap0, 1)} to ${fmt(cap, 1)} TiB for ${n} volume(s)`});
  }
  const rule = coolRule(F, level, region);
  const literal = rule === "2026" && cap / n * c > F.anf.cool.threshold_tib; // as the cool-access chapter plans
  const bought = Math.max(need, F.anf.flexible_base); // Flexible: the throughput bought
  let quota, ok, pool = NaN;
  if (level === "Flexible") { // cool_access_sizing of one volume's share: flexible_volume
    const flex = flexibleVolume(F, cap / n, need / n, t, 1, 64);
    quota = flex.quota_tib; ok = flex.feasible;
  } else {
    quota = coolQuota(F, cap / n, cap / n * c, need / n, level, rule, t, "literal");
    ok = Number.isFinite(quota) && poolSize(F, quota) <= highPool;
  }
  ok = ok && need / n <= mix.mibps * (1 + 1e-12);
  if (ok) pool = level === "Flexible" ? poolSize(F, Math.max(n * quota, bought / F.anf.flexible_per_tib)) : poolSize(F, n * quota);
  ok = ok && pool <= highPool;
  if (!ok) {
    const ceilings = effectiveCeiling(F, level, t, w.read_share, w.io_kib, w.access);
    const what = n === 1 ? `a ${t}` : `each of ${n} ${t}`;
    let why = need / n <= ceilings[2] ? `the need, ${mib(need / n)} a volume, is above what ${what} ${level} volume with cool access can be given`
      : anfInfeasible(F, w, t, cap, cap, ceilings);
    if (need / n <= ceilings[2] && Number.isFinite(pool) && pool > highPool) why = `the pool, ${fmt(pool, 0)} TiB, is above the largest pool, ${fmt(highPool, 0)} TiB`;
    if (t !== "regular" && need / n > mix.mibps * (1 + 1e-12)) why = `the need, ${mib(need)}, is above the ${mix.name}, ${mib(mix.mibps)}`;
    else if (literal && !Number.isFinite(quota)) {
      const most = Math.min(literalMibps(F, cap / n, cap / n * c, level), effectiveCeiling(F, level, t, w.read_share, w.io_kib, w.access)[2]);
      const generous = coolQuota(F, cap / n, cap / n * c, need / n, level, rule, t);
      const fits = Number.isFinite(generous) && poolSize(F, generous) <= highPool;
      why = `the 2026 cool-access rule read literally gives ${mib(most)} a volume (its hot data at the level's rate, its cool data `
        + `at the cool tier's) whatever the quota, below the need, ${mib(need / n)}`
        + (fits ? `; read generously (the quota not in the cool tier), a quota of ${fmt(generous, 1)} TiB would carry it` : "");
    }
    return row({...base, feasible: false, limit: NaN, monthly_usd: NaN, provisioned_tib: NaN, binding: why});
  }
  const P = F.anf.prices[region];
  const dataGib = conv(F, cap, "TiB", "GiB"), coolGib = dataGib * c;
  const parts = (dataGib - coolGib) * P[level] * F.hours_per_month + coolGib * P.cool * F.hours_per_month + 0;
  let usd = parts + capacityCost(F, pool, level, region) * (1 - cap / pool);
  let horizon = coolHorizon(F, w, level, pool), limit, binding;
  const split = n === 1 ? "" : `; ${n} volumes, the data split between them`;
  if (level === "Flexible") {
    const tpUsd = (bought - F.anf.flexible_base) * P.throughput * F.hours_per_month;
    usd += tpUsd;
    limit = bought;
    horizon += tpUsd * w.months;
    binding = `throughput bought: ${mib(limit)}${split}`;
  } else {
    const rate = F.anf.rate[level], cool = cap / n * c;
    const top = effectiveCeiling(F, level, t, w.read_share, w.io_kib, w.access)[2];
    let byData;
    if (rule === "2025") byData = quota * F.anf.cool_rate[level];
    else byData = cool > F.anf.cool.threshold_tib ? literalMibps(F, cap / n, cool, level) : quota * rate;
    limit = n * Math.min(byData, top);
    binding = (quota <= cap / n * (1 + 1e-12) ? "the data sets the quota"
      : quota <= lowQ * (1 + 1e-12) ? `the smallest ${t} volume, ${fmt(lowQ, 1)} TiB, sets the quota`
        : `the ${rule} cool-access rule sets the quota, ${fmt(quota, 1)} TiB` + (n === 1 ? "" : " a volume")) + split
      + (literal ? COOL_LITERAL : "");
  }
  if (t !== "regular" && mix.mibps < limit) { limit = mix.mibps; binding += `; the ${mix.name} caps it, ${mib(mix.mibps)}`; }
  return row({...base, feasible: true, binding: binding + beyond(mix.extrapolated, mix.measurement),
              limit, monthly_usd: usd, provisioned_tib: pool, horizon_usd: horizon,
              status: t === "regular" ? "generally available" : F.anf.volume_types[t].status[level]});
}

// storageperf.sources.cvo_google_cloud.published_limit: the tightest of the disks' shared IOPS and throughput, the
// NVRAM disk, the write egress and, for a pair, the mirror; a node of a pair writes its partner's writes too
function cvoLimit(F, M, disk, layout, r, b) {
  const K = F.cvo, L = M.limits[disk], k = layout === "HA pair" ? K.copies : 1;
  const c = K.disk_bytes_per_byte_written * k, n = K.nvram_bytes_per_byte_written * k, aw = K.disk_writes_per_write * k;
  const readRate = conv(F, L.read_mibps, "MiB", "MB"), writeRate = conv(F, L.write_mibps, "MiB", "MB") / c;
  const written = (1 - r) * b, per = (ask, most) => (ask > 0 ? most / ask : INF);
  const terms = [1 / (r * K.disk_reads_per_read / L.read_iops + (1 - r) * aw / L.write_iops),
                 r > 0 ? readRate / (r * b) : INF, r < 1 ? writeRate / ((1 - r) * b) : INF,
                 per((1 - r) * aw * n / c, K.nvram.write_iops), per(written * n, conv(F, K.nvram.write_mibps, "MiB", "MB")),
                 per(written * c, M.write_egress_mb_per_s), per(written * (k - 1), M.other_egress_mb_per_s)];
  let j = 0;
  for (let i = 1; i < terms.length; i++) if (terms[i] < terms[j]) j = i;
  return [conv(F, terms[j] * b * k, "MB", "MiB"), K.limit_names[j]];
}

// storageperf.sources.cvo_google_cloud.data_disk_gib: the data after the reserve, or the disk the I/O needs
function cvoDiskGib(F, needMb, cap, r, io, disk, layout) {
  const K = F.cvo, D = K.disks[disk];
  if (layout === "HA pair") return 2 * cvoDiskGib(F, needMb * (r / 2 + 1 - r), cap, r / 2 / (r / 2 + 1 - r), io, disk, "single node");
  const ops = needMb / conv(F, io, "KiB", "MB");
  const ioGib = Math.max(ops / D.iops_per_gib, Math.max(r, 1 - r) * conv(F, needMb, "MB", "MiB") / D.mibps_per_gib);
  return Math.max(conv(F, cap, "TiB", "GiB") / (1 - K.reserve), ioGib);
}

function cvoRow(F, w, machine, disk = "pd-ssd", layout = "single node") {
  const K = F.cvo, M = K.machines[machine], tested = K.tested.includes(machine), pair = layout === "HA pair";
  const needMb = conv(F, w.mibps, "MiB", "MB");
  const r = w.read_share, b = conv(F, w.io_kib, "KiB", "MB");
  const [limit, which] = cvoLimit(F, M, disk, layout, r, b);
  const cap = w.capacity_end_tib;
  const allowed = tested ? "TR-4816's licence allowed" : "NetApp allows on disks alone today";
  const unpriced = "licence price not published" + (pair ? "; the mediator's VM not priced" : "");
  let binding, ok;
  if (w.mibps > limit) { binding = `the need is above the ${pair ? "pair" : "machine"}'s ${which}, ${mib(limit)}`; ok = false; }
  else if (cap > M.max_tib) { binding = `the data, ${fmt(cap, 1)} TiB, is above the ${fmt(M.max_tib, 0)} TiB ${allowed}`; ok = false; }
  else { binding = `${which} of the machine type, ${mib(limit)}; ${unpriced}`; ok = true; }
  let latency = [NaN, "none"];
  for (const got of tested ? K.measured[machine] : []) { // TR-4816 measured this mix at a load at least the need's: its latency there
    if (got.block_size_kib === w.io_kib && got.read_share === w.read_share && got.access === w.access && conv(F, w.need_mibps, "MiB", "MB") <= got.mb_per_s) latency = [got.latency_ms, "measured"];
  }
  if (ok && w.latency_ms !== null && latency[1] === "measured" && latency[0] > w.latency_ms) {
    binding = `TR-4816 measured ${gfmt(latency[0])} ms at this mix, above the bound`; ok = false;
  }
  const diskGib = cvoDiskGib(F, needMb, cap, r, w.io_kib, disk, layout);
  const vm = M.vm_usd === null ? NaN : M.vm_usd * (pair ? K.copies : 1);
  const usd = vm + diskGib * K.disks[disk].usd_per_gib + K.system_usd[layout];
  if (ok && !Number.isFinite(usd)) binding += "; no price for the machine type";
  const facts = "cvo_google_cloud_setup google_cloud_cvo google_cloud_cvo_machine_types google_cloud_prices google_cloud_limits"
    + (tested ? "" : " google_cloud_machine_limits google_cloud_machine_types");
  return row({option: `Cloud Volumes ONTAP, ${machine}` + (tested ? "" : `, ${disk}` + (pair ? ", HA pair" : "")),
              platform: CVO, chapter: "cvo-google-cloud", feasible: ok,
              binding, limit, need: w.mibps, monthly_usd: usd, months: w.months,
              provisioned_tib: conv(F, diskGib, "GiB", "TiB"), facts, status: M.status,
              price_complete: false, latency});
}

// storageperf.platforms.azure_vm.premium_v2_disks: the fewest disks that hold it and carry it, each set to its share
function premiumV2(R, cap, iops, mb) {
  const n = Math.max(Math.ceil(cap / R.max_size - 1e-12), Math.ceil(iops / R.max_iops - 1e-12),
                     Math.ceil(mb / R.max_mb_per_s - 1e-12), 1);
  const mbEach = Math.max(mb / n, R.baseline_mb_per_s);
  const iopsEach = Math.max(iops / n, R.baseline_iops, mbEach / R.mb_per_s_per_iops);
  const size = Math.max(Math.ceil(cap / n - 1e-9), Math.ceil(iopsEach / R.iops_per_gib - 1e-9));
  return {n, size, iops: iopsEach, mb: mbEach};
}

// storageperf.studio._served: the tightest of the storage path's throughput and IOPS and, for the reads it serves, the
// VM's network egress (writes arrive, unlimited); and the VM's price in the region
function served(F, w, S, [tp, tpName], [iops, iopsName]) {
  const ioMb = conv(F, w.io_kib, "KiB", "MB");
  const candidates = [[tp, tpName, "throughput"], [iops * ioMb, iopsName, "IOPS"],
                      [w.read_share > 0 ? S.network_mb_per_s / w.read_share : INF, "VM network", "egress"]];
  let best = candidates[0];
  for (const c of candidates.slice(1)) if (c[0] < best[0]) best = c;
  const [limitMb, which, kind] = best;
  const limit = conv(F, limitMb, "MB", "MiB");
  const hourly = S.usd_hour[w.region];
  return [limit, `the ${which} ${kind} limit, ${mib(limit)}`, hourly === undefined ? NaN : hourly * F.hours_per_month];
}

// storageperf.studio._nvme: an L-series size's own NVMe disks, temporary, the VM's price their price
function nvmeRow(F, w, size) {
  const S = F.vm.sizes[size], d = S.nvme;
  const name = `Self-managed server, ${size} with ${F.vm.nvme} disks`;
  const base = {option: name, platform: VM, chapter: "cassandra-disk-caching", need: w.mibps, months: w.months,
                facts: `azure_vm_limits:${size} azure_vm_series_status:${size} azure_vm_prices:${size}`,
                price_complete: false, status: S.status};
  const what = `${gfmt(d.disks)} x ${gfmt(conv(F, d.disk_tib, "TiB", "TB"))} TB ${F.vm.nvme}`;
  if (w.capacity_end_tib > d.capacity_tib * (1 + 1e-12)) {
    return row({...base, feasible: false, limit: NaN, monthly_usd: NaN, provisioned_tib: NaN,
                binding: `the data, ${fmt(w.capacity_end_tib, 1)} TiB, is above its ${what}, ${fmt(d.capacity_tib, 1)} TiB`});
  }
  const [limit, binds, usd] = served(F, w, S, [d.mb_per_s, "NVMe"], [d.iops, "NVMe"]);
  const ok = w.mibps <= limit * (1 + 1e-12);
  const price = Number.isFinite(usd) ? `the VM $${fmt(usd, 0)} a month, its disks included` : `no price for the VM in ${w.region} in the guide`;
  const binding = ok ? `${what}: ${binds}; ${price}; the disks are temporary, so a database keeps replicas on other nodes, not priced here`
    : `the need is above ${binds}`;
  return row({...base, feasible: ok, binding, limit, monthly_usd: usd, provisioned_tib: d.capacity_tib});
}

function vmRow(F, w, size, disk) {
  if (disk === F.vm.nvme) return nvmeRow(F, w, size);
  const V = F.vm, S = F.vm.sizes[size], v2 = disk !== V.disk;
  const needMb = conv(F, w.mibps, "MiB", "MB"), ioMb = conv(F, w.io_kib, "KiB", "MB");
  const cap = conv(F, w.capacity_end_tib, "TiB", "GiB");
  const d = v2 ? premiumV2(V.v2, cap, needMb / ioMb, needMb) : null;
  const n = v2 ? d.n : Math.max(Math.ceil(cap / V.disk_gib - 1e-12), Math.ceil(needMb / V.disk_mb_per_s - 1e-12),
                                Math.ceil(needMb / ioMb / V.disk_iops - 1e-12), 1);
  const what = v2 ? `${n} x ${disk} (${fmt(d.size, 0)} GiB, ${fmt(d.iops, 0)} IOPS and ${fmt(d.mb, 0)} MB/s each)` : `${n} x ${disk}`;
  const fs = `azure_vm_limits:${size} azure_vm_limits:${disk} azure_vm_series_status:${size} azure_vm_prices:${size}`;
  const name = `Self-managed server, ${size} with ${disk} disks`;
  const base = {option: name, platform: VM, chapter: "cassandra-disk-caching", need: w.mibps, months: w.months,
                facts: fs, price_complete: false, status: S.status};
  if (n > S.max_disks) {
    return row({...base, feasible: false, binding: `${n} ${disk} disks are needed and the VM takes at most ${S.max_disks}`,
                limit: NaN, monthly_usd: NaN, provisioned_tib: NaN});
  }
  const tight = (vmLimit, disks) => (disks < vmLimit ? [disks, "disks"] : [vmLimit, "VM uncached"]);
  const [tp, tpBind] = v2 ? tight(S.v2_mb_per_s, n * d.mb) : tight(S.uncached_mb_per_s, n * V.disk_mb_per_s);
  const [iops, iopsBind] = v2 ? tight(S.v2_iops, n * d.iops) : tight(S.uncached_iops, n * V.disk_iops);
  const [limit, binds, usd] = served(F, w, S, [tp, tpBind], [iops, iopsBind]);
  const ok = w.mibps <= limit * (1 + 1e-12);
  const price = Number.isFinite(usd) ? `the VM $${fmt(usd, 0)} a month, its ${disk} disks not priced in the guide`
    : `no price for the VM in ${w.region} in the guide`;
  let binding = ok ? `${what}: ${binds}; ${price}` : `the need is above ${binds}`;
  if (!v2 && S.burst_mb_per_s !== null) { // a size sold today bursts above its sustained limits for a while
    binding += `; it bursts to ${mib(conv(F, S.burst_mb_per_s, "MB", "MiB"))} of disk throughput for a limited time, not counted here`;
  }
  return row({...base, feasible: ok, binding, limit, monthly_usd: usd,
              provisioned_tib: conv(F, v2 ? n * d.size : n * V.disk_gib, "GiB", "TiB")});
}

function clientLimit(F, w) { // storageperf.studio.client_limit_mibps
  const one_ = (op) => byAccessPattern(w.io_kib, w.access, [F.client.random_kib, F.client[`random ${op}`]],
                                       [F.client.sequential_kib, F.client[`sequential ${op}`]]);
  const r = w.read_share, read = one_("read"), write = one_("write");
  const one = 1 / (r / read + (1 - r) / write);
  return [w.clients * one, !(w.io_kib === F.client[`${w.access}_kib`] && (r === 0 || r === 1))];
}

function withClients(F, row, w, bound) {
  if (bound === null || row.platform !== ANF) return row;
  const [most, extrapolated] = bound;
  if (extrapolated && !row.extrapolated) row.binding += beyond(true, F.client_measurement);
  row.extrapolated = row.extrapolated || extrapolated;
  const text = `${w.clients} client VM(s) like the large-volume article's move ${mib(most)} at this mix`;
  if (row.feasible && w.mibps > most * (1 + 1e-12)) {
    rejected(row, `the clients: ${text}`);
  } else if (row.feasible && most < row.limit_mibps) {
    Object.assign(row, {limit_mibps: most, headroom: (most - w.mibps) / most, usd_per_mibps: row.monthly_usd / most,
                        binding: `${row.binding}; the clients bind: ${text}`});
  }
  return row;
}

// storageperf.studio.certainty: 0 sold, 1 preview, 2 no longer sold to a new subscription
function certainty(F, status) {
  for (const [start, rank] of Object.entries(F.certainty)) if (status === start || status.startsWith(start + ":")) return rank;
  throw new Error(`status must be one of ${Object.keys(F.certainty).join(", ")}; got ${status}`);
}

// storageperf.studio.latency_tier: 0 known, 1 extrapolated, 2 not known
export const latencyTier = (basis) => (basis === "measured" || basis === "model inside the measured range" ? 0 : basis === "extrapolated" ? 1 : 2);

export function rank(F, rows, latencyBound = false) { // storageperf.studio.rank
  const key = rows.map((r, i) => ({r, i, group: r.feasible && r.price_complete && Number.isFinite(r.horizon_usd) ? 0 : r.feasible ? 1 : 2,
                                   latency: latencyBound ? latencyTier(r.latency_basis) : 0, beyond: r.extrapolated ? 1 : 0,
                                   usd: Number.isFinite(r.horizon_usd) ? Math.floor(r.horizon_usd * 100 + 0.5) : INF, certainty: certainty(F, r.status)}));
  key.sort((a, b) => a.group - b.group || a.latency - b.latency || a.beyond - b.beyond
    || (a.usd < b.usd ? -1 : a.usd > b.usd ? 1 : 0) || a.certainty - b.certainty || a.i - b.i);
  return key.map((k) => k.r);
}

// storageperf.studio.verdict: what the first row lets the headline say
export function verdict(rows, latencyBound = false) {
  const top = rows[0];
  if (!top || !(top.feasible && top.price_complete && Number.isFinite(top.horizon_usd))) return "no priced option";
  const tier = latencyBound ? latencyTier(top.latency_basis) : 0;
  if (tier) return tier === 1 ? "latency extrapolated" : "latency not known";
  return top.extrapolated ? "beyond what was measured" : "carries it";
}

// storageperf.studio._judge: every proposed row held to the same checks, whichever builder proposed it
function judge(F, r, w, bound) {
  withClients(F, withEda(F, r, w), w, bound);
  if (w.latency_ms !== null && r.latency_basis === "none") r.binding += "; latency not known: the guide has no measurement for this workload";
  if (w.cold_share > 0 && r.chapter !== "cool-access") r.binding += "; the cold share is not used: this option keeps all the data in one tier";
  if (r.feasible) r.headroom = (r.limit_mibps - w.need_mibps) / r.limit_mibps; // sized to the target: what the need leaves
  else if (w.target_utilization < 1) r.binding += `; the need sized is ${mib(w.need_mibps)} at ${fmt(w.target_utilization * 100, 0)} % of each limit`;
  delete r.layout;
  return r;
}

export function options(F, input) {
  const w = workload(F, input);
  const rows = [];
  for (const t of ["regular", "large", "breakthrough"]) for (const level of F.anf.volume_types[t].levels) rows.push(anfOneVolume(F, w, level, t));
  for (const level of F.anf.levels) { const r = anfSeveralVolumes(F, w, level); if (r) rows.push(r); }
  for (const level of F.anf.auto_levels) { const r = anfManualQos(F, w, level); if (r) rows.push(r); }
  if (w.load === "eda") for (const t of ["regular", "large", "breakthrough"]) for (const level of F.anf.volume_types[t].levels) rows.push(anfEdaSized(F, w, t, level));
  for (const level of F.anf.cool.levels) rows.push(anfCool(F, w, level));
  for (const level of F.anf.cool.levels) {
    const n = volumesNeeded(F, w, effectiveCeiling(F, level, "regular", w.read_share, w.io_kib, w.access)[2]);
    if (n > 1) rows.push(anfCool(F, w, level, n));
  }
  if (F.anf.cool.volume_types.includes("large")) for (const level of F.anf.cool.levels) rows.push(anfCool(F, w, level, 1, "large"));
  for (const m of F.cvo.tested) rows.push(cvoRow(F, w, m));
  const bound = w.clients === null ? null : clientLimit(F, w);
  const judged = rows.map((r) => judge(F, r, w, bound));
  for (const [series, disk] of F.vm.routes) { // a series' smallest size that carries it, or its largest
    const js = F.vm.series[series].map((v) => judge(F, vmRow(F, w, v, disk), w, bound));
    judged.push(js.find((r) => r.feasible) ?? js[js.length - 1]);
  }
  for (const [layout, disk] of F.cvo.routes) { // the same for Cloud Volumes ONTAP on the machine types sold today
    const js = F.cvo.today.map((m) => judge(F, cvoRow(F, w, m, disk, layout), w, bound));
    judged.push(js.find((r) => r.feasible) ?? js[js.length - 1]);
  }
  return rank(F, judged, w.latency_ms !== null);
}
