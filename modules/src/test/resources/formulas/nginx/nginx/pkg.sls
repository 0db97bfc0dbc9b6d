{%- set tplroot = tpldir.split('/')[0] %}
{%- from tplroot ~ "/map.jinja" import nginx with context %}

nginx-package-install-pkg-installed:
  pkg.installed:
    - name: {{ nginx.pkg }}
