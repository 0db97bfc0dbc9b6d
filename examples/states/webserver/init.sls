# A small web server: its own user, its package, a config file rendered from grains and pillar,
# a page, and the service, restarted whenever its config changes.
# Everything that touches the machine's own paths is taken from pillar, so the same tree runs for real
# on a disposable machine and in a sandbox directory (see examples/pillar).
{% set web = pillar.get('webserver', {}) %}
{% set root = web.get('root', '') %}
{% set user = web.get('user', 'brineweb') %}
{% set package = web.get('package', 'nginx') %}
{% set service = web.get('service', 'nginx') %}

{{ user }}:
  user.present:
    - home: {{ root }}/var/lib/{{ user }}
    - createhome: false
    - shell: /usr/sbin/nologin
    - system: true

webserver-package:
  pkg.installed:
    - name: {{ package }}

{{ root }}/etc/brineweb/site.conf:
  file.managed:
    - source: brine://webserver/site.conf.j2
    - template: jinja
    - makedirs: true
    - user: root
    - mode: "0644"

{{ root }}/srv/brineweb/index.html:
  file.managed:
    - contents: |
        <h1>{{ grains['id'] }}</h1>
        <p>{{ web.get('greeting', 'Served by a Brine-managed web server.') }}</p>
    - makedirs: true
    - mode: "0644"
    - require:
      - user: {{ user }}

webserver-service:
  service.running:
    - name: {{ service }}
    - enable: true
    - require:
      - pkg: webserver-package
    - watch:
      - file: {{ root }}/etc/brineweb/site.conf
