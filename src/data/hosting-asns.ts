// Generator: none (curated by hand)
// Source: each provider's own published AS numbers (peering pages, PeeringDB records), checked against the organisation names of @ip-location-db/asn
// Date: 2026-11-22
// Edit: edit this table (test/ip/parse-and-sets.test.ts fails when an entry is missing from the ASN data or its organisation no longer matches; docs/data.md)

/**
 * Curated hosting ASNs: the autonomous systems of the major clouds, VPS and dedicated-server
 * providers, whose addresses are servers, not people.
 *
 * Left out on purpose: CDNs and consumer VPN egress whose users are people (Cloudflare
 * AS13335 carries WARP users), and ISPs that also sell hosting (GMO, Deutsche Telekom).
 */

/** When the table was last reviewed. */
export const HOSTING_ASNS_GENERATED = '2026-11-22T00:00:00.000Z';

/** AS number → provider (and a pattern its organisation name in the ASN data must match). */
export const HOSTING_ASNS: ReadonlyMap<number, { provider: string; org: RegExp }> = new Map([
  [16509, { provider: 'Amazon Web Services', org: /amazon/i }],
  [14618, { provider: 'Amazon Web Services', org: /amazon/i }],
  [8987, { provider: 'Amazon Web Services (Ireland)', org: /amazon/i }],
  [15169, { provider: 'Google Cloud', org: /google/i }],
  [396982, { provider: 'Google Cloud', org: /google/i }],
  [19527, { provider: 'Google Cloud', org: /google/i }],
  [8075, { provider: 'Microsoft Azure', org: /microsoft/i }],
  [31898, { provider: 'Oracle Cloud', org: /oracle/i }],
  [36351, { provider: 'IBM Cloud (SoftLayer)', org: /ibm|softlayer/i }],
  [45102, { provider: 'Alibaba Cloud', org: /alibaba/i }],
  [37963, { provider: 'Alibaba Cloud (China)', org: /alibaba/i }],
  [132203, { provider: 'Tencent Cloud', org: /tencent/i }],
  [45090, { provider: 'Tencent Cloud (China)', org: /tencent/i }],
  [136907, { provider: 'Huawei Cloud', org: /huawei/i }],
  [14061, { provider: 'DigitalOcean', org: /digitalocean/i }],
  [63949, { provider: 'Akamai Connected Cloud (Linode)', org: /akamai|linode/i }],
  [20473, { provider: 'Vultr (The Constant Company)', org: /constant company|vultr|choopa/i }],
  [16276, { provider: 'OVHcloud', org: /ovh/i }],
  [35540, { provider: 'OVHcloud', org: /ovh/i }],
  [24940, { provider: 'Hetzner', org: /hetzner/i }],
  [213230, { provider: 'Hetzner Cloud', org: /hetzner/i }],
  [212317, { provider: 'Hetzner', org: /hetzner/i }],
  [51167, { provider: 'Contabo', org: /contabo/i }],
  [40021, { provider: 'Contabo (US)', org: /contabo/i }],
  [141995, { provider: 'Contabo (Asia)', org: /contabo/i }],
  [12876, { provider: 'Scaleway', org: /scaleway|online/i }],
  [60781, { provider: 'Leaseweb', org: /leaseweb/i }],
  [16265, { provider: 'Leaseweb', org: /leaseweb/i }],
  [28753, { provider: 'Leaseweb', org: /leaseweb/i }],
  [36007, { provider: 'Kamatera', org: /kamatera/i }],
  [9009, { provider: 'M247', org: /m247/i }],
  [60068, { provider: 'Datacamp (CDN77)', org: /datacamp/i }],
  [40676, { provider: 'Psychz Networks', org: /psychz/i }],
  [8100, { provider: 'QuadraNet', org: /quadranet/i }],
  [36352, { provider: 'ColoCrossing (HostPapa)', org: /colocrossing|hostpapa/i }],
  [54290, { provider: 'Hostwinds (HostPapa)', org: /hostwinds|hostpapa/i }],
  [63473, { provider: 'HostHatch', org: /hosthatch/i }],
  [47583, { provider: 'Hostinger', org: /hostinger/i }],
  [8560, { provider: 'IONOS', org: /ionos|1&1/i }],
  [197540, { provider: 'netcup', org: /netcup/i }],
  [53667, { provider: 'BuyVM (FranTech)', org: /frantech/i }],
  [7979, { provider: 'Servers.com', org: /servers\.com/i }],
  [21859, { provider: 'Zenlayer', org: /zenlayer/i }],
  [199524, { provider: 'Gcore', org: /g-core|gcore/i }],
  [202053, { provider: 'UpCloud', org: /upcloud/i }],
  [31034, { provider: 'Aruba Cloud', org: /aruba/i }],
  [54825, { provider: 'Equinix Metal (Packet)', org: /packet|equinix/i }],
  [46606, { provider: 'Unified Layer (Bluehost)', org: /unified layer/i }],
  [26496, { provider: 'GoDaddy', org: /godaddy/i }],
  [398101, { provider: 'GoDaddy', org: /godaddy/i }],
  [55286, { provider: 'ServerMania (B2 Net)', org: /b2 net/i }],
  [9370, { provider: 'SAKURA Internet', org: /sakura/i }],
  [4785, { provider: 'xTom', org: /xtom/i }],
  [135377, { provider: 'UCloud', org: /ucloud/i }],
  [200651, { provider: 'FlokiNET', org: /flokinet/i }],
]);
